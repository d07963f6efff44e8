"""Closed tables on the flash: each stays readable (from the host) until deleted here, which
is how a full flash gets room again. Deleting asks with the cursor on "keep": it takes a
move to "delete" first."""

from ui.screen import Choice, Confirm


class ArchivesScreen(Choice):
    title = "archives"

    def options(self):
        names = self.app.journal.archives()
        if not names:
            return [(self.t("no_archives"), None)]
        return [(self.t("archive_n").format(int(name)), name) for name in reversed(names)]

    def pick(self, value):
        if value is not None:
            app = self.app
            question = self.t("delete_archive").format(int(value))
            # The cursor starts on "keep": OK OK from this list never deletes.
            app.push(Confirm(app, question, "delete", lambda: self._delete(value), "keep"))

    def _delete(self, name):
        self.app.journal.delete_archive(name)
        self.app.pop()
