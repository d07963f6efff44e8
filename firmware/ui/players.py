"""Who plays at the new table: the names the board knows, most recent first, a seat number
beside each one chosen (seats in the order they were chosen); OK chooses a name or takes it
off; the first row makes a new name (ui/name_entry.py). BACK goes back to the new-table
screen with the choice; seats left unchosen get the default names (甲乙丙…, P1…).

The names the board knows (known_names): those the device remembered (settings "known": the
names of every table it opened and every name made on it, newest first), then those of the
archived tables it has not remembered (a table from before this list, or pushed by the host),
newest first, then the host's (`tools.deploy --names`, settings "names"). A damaged settings
file loses none of the tables' names: they are read from the archives.
"""

from core.journal import JournalError
from core.names import KNOWN_MOST, merged
from ui import keys
from ui.screen import Choice, Notice
from ui.strings import default_names

ARCHIVES_READ = 12  # the newest archived tables whose names are offered (one read each)
NEW = "new"


def known_names(app):
    settings = app.settings
    tables = []
    journal = app.journal
    try:
        for name in journal.archives()[-ARCHIVES_READ:][::-1]:
            tables.append(journal.archived_names(name))
    except JournalError:  # an archive folder or file unreadable: the names found so far
        pass
    defaults = default_names(8, app.lang)
    return [n for n in merged(settings.get("known"), *tables, settings.get("names"))
            if n not in defaults]


def remember(app, names):
    """Put `names` first among the names the settings remember, and save them."""
    settings = app.settings
    defaults = default_names(8, app.lang)
    known = [n for n in merged(names, settings.get("known")) if n not in defaults]
    if known[:KNOWN_MOST] != settings.get("known", []):  # a write only for a change
        settings["known"] = known[:KNOWN_MOST]
        app.save_settings()


class PlayersScreen(Choice):
    """Chooses `chosen` (a list, changed in place) for `seats()` seats."""

    def __init__(self, app, chosen, seats):
        super().__init__(app)
        self.chosen = chosen
        self.seats = seats
        del chosen[seats():]  # chosen for more seats than the game now has: the first play
        self.names = merged(known_names(app), chosen)

    def heading(self):
        return "{} {}/{}".format(self.t("players"), len(self.chosen), self.seats())

    def actions(self):
        return ((keys.NEXT, "down"), (keys.PREV, "up"), (keys.OK, "ok"), (keys.BACK, "done"))

    def options(self):
        chosen = self.chosen
        return [("+ " + self.t("new_name"), NEW)] + [
            ("{} {}".format(chosen.index(n) + 1 if n in chosen else " ", n), n)
            for n in self.names]

    def pick(self, value):
        if value == NEW:
            from ui.name_entry import NameEntry

            self.app.push(NameEntry(self.app, self.added))
        elif value in self.chosen:
            self.chosen.remove(value)
        elif len(self.chosen) >= self.seats():
            self.app.push(Notice(self.app, [self.t("players_full").format(self.seats())],
                                 passing=True))
        else:
            self.chosen.append(value)

    def added(self, name):
        """A name made on the device: first in the list, remembered in the settings at once
        (a table need not open for it to stay), and chosen as OK on it would."""
        if name in self.names:
            self.names.remove(name)
        self.names.insert(0, name)
        self.cursor = 1
        remember(self.app, [name])
        if name not in self.chosen:
            self.pick(name)  # chosen, or the message that every seat is taken


def fill(chosen, count, lang):
    """`count` names: the chosen ones first, then default names nobody chose."""
    names = chosen[:count]
    for name in default_names(8, lang):
        if len(names) < count and name not in names:
            names.append(name)
    return names
