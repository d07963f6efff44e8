"""Closed tables on the flash: each stays readable (from the host) until deleted here, which
is how a full flash gets room again."""

from ui import keys
from ui.screen import Choice, Screen


class ArchivesScreen(Choice):
    title = "archives"

    def options(self):
        names = self.app.journal.archives()
        if not names:
            return [(self.t("no_archives"), None)]
        return [(self.t("archive_n").format(int(name)), name) for name in reversed(names)]

    def pick(self, value):
        if value is not None:
            self.app.push(ConfirmDelete(self.app, value))


class ConfirmDelete(Screen):
    def __init__(self, app, name):
        super().__init__(app)
        self.name = name

    def actions(self):
        return ((keys.OK, "delete"), (keys.BACK, "back"))

    def press(self, key):
        if key == keys.OK:
            self.app.journal.delete_archive(self.name)
            self.app.pop()
        elif key == keys.BACK:
            self.app.pop()

    def draw(self, p):
        p.line(0, self.t("delete_archive").format(int(self.name)), color=p.accent)
