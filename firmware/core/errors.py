"""The one error the core raises for a bad hand record or a bad table action."""


class RecordError(ValueError):
    """A record breaks a rule. `key` names the field at fault (dotted for nested rules keys,
    e.g. "rules.cap"), `value` is what it held, `reason` says what was expected."""

    def __init__(self, key, value, reason):
        super().__init__(key, value, reason)
        self.key = key
        self.value = value
        self.reason = reason

    def __str__(self):
        return "{}: {} ({})".format(self.key, _show(self.value), self.reason)


def _show(value):
    if value is None:
        return "missing"
    if isinstance(value, str):
        return '"' + value + '"'
    if value is True:
        return "true"
    if value is False:
        return "false"
    return repr(value)
