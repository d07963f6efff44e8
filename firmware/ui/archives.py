"""Closed tables on the flash, each readable until deleted here (which is how a full flash
gets room again). OK on one opens it read-only (ArchiveScreen): its players and totals, its
history with each hand's breakdown, its statistics, its settlement and QR code, as they were
when it closed; and the delete, behind a question that names the table, with the cursor on
"keep": it takes a move to "delete" first."""

from ui.screen import Choice, Confirm, Notice


class ArchivesScreen(Choice):
    title = "archives"

    def options(self):
        names = self.app.journal.archives()
        if not names:
            return [(self.t("no_archives"), None)]
        return [(self.t("archive_n").format(int(name)), name) for name in reversed(names)]

    def pick(self, value):
        if value is not None:
            self.app.view_archive(value)
            self.app.push(ArchiveScreen(self.app, value))


class ArchiveScreen(Choice):
    """One closed table, read-only: the app's table is the archived one until BACK (or the
    delete) gives the open table back (App.view_archive, leave_archive). The screens it
    opens are pushed over it, never in its place, so every way out passes here."""

    def __init__(self, app, name):
        super().__init__(app)
        self.name = name
        self.cursor = 1  # on history: the first row, the totals, is only to read

    def about(self):
        """"经典 12手": the game, the hands that count."""
        table = self.app.table
        return "{} {}".format(self.t(table.profile or table.game),
                              self.t("hands_n").format(table.hands_played()))

    def heading(self):
        return self.t("archive_n").format(int(self.name)) + " " + self.about()

    def options(self):
        from ui.undo import standing

        table = self.app.table
        items = [(standing(table), None)]
        items += [(self.t("history"), "history"), (self.t("stats"), "stats")]
        if table.game != "shengji":
            items.append((self.t("settle"), "settle"))
        return items + [(self.t("delete"), "delete")]

    def pick(self, value):
        app = self.app
        if value == "history":
            from ui.history import HistoryScreen

            app.push(HistoryScreen(app))
        elif value == "stats":
            from ui.table_menu import _statistics

            app.push(Notice(app, []))  # the statistics take its place (table_menu)
            _statistics(app)
        elif value == "settle":
            from ui.settle_screen import SettleScreen

            app.push(SettleScreen(app))
        elif value == "delete":
            question = " ".join([self.t("delete_archive").format(int(self.name)),
                                 self.about()] + app.table.names)
            # The cursor starts on "keep": OK OK from here never deletes.
            app.push(Confirm(app, question, "delete", self._delete, "keep"))

    def press(self, key):
        from ui import keys

        if key == keys.BACK:  # the open table back (or none), and this screen gone
            self.app.leave_archive()
            self.app.pop()
        else:
            super().press(key)

    def _delete(self):
        app = self.app
        app.pop()  # the question
        app.leave_archive()
        app.journal.delete_archive(self.name)
        app.pop()  # this table's screen: the list, without it
