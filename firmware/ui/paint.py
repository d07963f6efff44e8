"""Drawing a screen on either layout: rows of 16 px text, a selection bar, the button hints.

colour 240x135: 8 rows (the last is the hints), a 7 px margin shared out top and bottom;
mono 128x64: 4 rows. Screens say what goes in which row; this class knows the colours and
the geometry, so a screen never touches pixels and looks right on both layouts.

Drawing is retained: begin(), then line()/right()/big()/hints(), then end(). Between begin()
and end() the calls only record what they would draw, as "ops" (a rectangle or a string, with
the pixel box it can touch); end() compares them with the ops of the frame on the screen and
redraws only the boxes of the ops that appeared or went away. Each such box is cleared and
every op that touches it is drawn again into a FrameBuffer of exactly that box, so framebuf
clips the redraw to it and the pixels come out as a full redraw would make them. end()
returns the changed boxes, flat as [x0, y0, x1, y1, ...]. Then the app calls the display's
show(): the frame is done.

Where a box is drawn depends on the display:
- a colour panel (drivers/strip.py: ST7789, the simulated panel) has no framebuffer: each
  box is drawn into the driver's strip, in RGB565 with the driver's colours, and sent
  (a tall box in several strips, cut on the edges of text rows so that no line is drawn
  twice). The ops are the only picture of the screen there is.
- a FrameBuffer display (micropython-lib's SSD1306) is drawn on through views of its own
  buffer (a memoryview with the screen's stride).
A frame of mostly new ops (a new screen) is drawn whole, each op once: working out which
boxes changed would cost more than drawing them. The first frame (and the first after
forget()) too.

Memory, made once: two lists of 32 op slots and two of their ends (~600 B), and per band of
16 rows six ints for the changed boxes (~250 B); two 24-byte flag arrays (new / gone ops, each
found once per frame) and the widths of up to 16 right-aligned strings (~0.3 KB).

An op whose text changed but whose place and ink did not ("倍数 4" -> "倍数 8") is paired with
the op it replaces: only what follows the characters both begin with is redrawn and sent, and
characters outside a redrawn box are skipped rather than blitted clipped. A frame of as many
ops as the one on the screen (most key presses: a number changes, the bar moves a row) is
compared op by op with the op in the same place, one comparison each; only a frame of more
or fewer ops has its ops looked for anywhere in the other frame.

Per frame: one 32-byte tuple per op (~15), the list of boxes, and one FrameBuffer (~80 B)
per box or strip redrawn (a full-width strip's is made once, by the driver).
"""

import framebuf

from ui import text

COLOR = "color240x135"
MONO = "mono128x64"
LARGE = "color320x240"  # the 2.0" / 2.8" panels: the same screens with room to spare

# layout -> (width, height, top margin): rows of 16 px text fill the height, the margin
# shared out top and bottom.
LAYOUTS = {COLOR: (240, 135, 3), MONO: (128, 64, 0), LARGE: (320, 240, 8)}

# Colour indices of the ST7789 driver's table (drivers/st7789.py). On mono only 0 and 1 exist.
_BLACK = 0
_WHITE = 1
_GREY = 2
_RED = 4
_GREEN = 5
_BLUE = 6
_GOLD = 14

# An op: (y0, y1, x0, x1, s, color << 3 | scale). s None: a rectangle filled with color over
# the box; a str: text s drawn at (x0, y0), and x1 < 0 until its width is needed; anything
# else: a picture that draws itself into the box (picture()). Six items: a 32-byte block on
# the heap.
# Column ranges in a band closer than this are joined: a window costs 11 bytes of commands
# and a push call; 16 px of 16 rows cost 512 bytes, so keep this small.
_GAP = 8
_OPS_KEPT = 24  # ops a frame list holds before it has to grow (a screen draws ~10-20)
_WIDTHS_KEPT = 16  # right-aligned strings whose width is remembered


class Painter:
    def __init__(self, display, layout):
        self.display = display
        # A colour panel draws in strips with colours of its own; else the display is the
        # FrameBuffer drawn on, its colour indices the pixels' values.
        strips = hasattr(display, "strip")
        self.fb = None if strips else display
        self._colors = display.colors if strips else None
        self.layout = layout
        self.mono = layout == MONO
        self.width, self.height, self.top = LAYOUTS[layout]
        self.rows = (self.height - self.top) // text.HEIGHT
        # The scale of the big numbers (the multiplier, a 升级 hand's points): 48 px on
        # 240x135, 80 px on 320x240 (128x64 draws its own at 2).
        self.big_scale = 5 if self.rows >= 10 else 3
        # mono: everything is white on black, the selection is inverted.
        self.ink = _WHITE
        self.dim = _WHITE if self.mono else _GREY
        self.accent = _WHITE if self.mono else _GOLD
        self.good = _WHITE if self.mono else _GREEN
        self.bad = _WHITE if self.mono else _RED
        self.bar = _WHITE if self.mono else _BLUE
        self._ops = None  # the frame being recorded (between begin() and end()), else None
        self._shown = None  # the ops on the screen, or None: unknown, redraw everything
        # Two op lists, made once and reused in turn (a fresh list per frame would be ~400 B
        # of garbage as it grows): the frame on the screen and the one being recorded. Ops
        # fill them from the start; the rest is None. A frame of more ops lengthens one.
        self._lists = ([None] * _OPS_KEPT, [None] * _OPS_KEPT)
        # Where each op's ink ends (x1), by list: known once drawn or measured, else -1.
        self._ends = ([-1] * _OPS_KEPT, [-1] * _OPS_KEPT)
        self._rec_ends = self._ends[0]
        self._n = 0  # ops recorded in the frame being recorded
        self._count = 0  # ops in the frame on the screen
        bands = (self.height - self.top + text.HEIGHT - 1) // text.HEIGHT
        # Every band empty (x0 >= x1, no rows); _boxes() empties each band again as it reads it.
        self._x0s = [self.width] * bands
        self._x1s = [0] * bands
        self._x0t = [self.width] * bands
        self._x1t = [0] * bands
        self._y0s = [self.height] * bands
        self._y1s = [0] * bands
        # Per op of the frame recorded and of the one on the screen: new / gone (end()).
        self._isnew = bytearray(_OPS_KEPT)
        self._widths = {}  # string -> width, for right()
        self._gone = bytearray(_OPS_KEPT)

    # -- retained drawing ----------------------------------------------------------------

    def begin(self):
        """Start recording a frame: the drawing calls until end() only note what they draw."""
        a, b = self._lists
        k = 1 if self._shown is a else 0
        ops = self._lists[k]
        for i in range(len(ops)):  # what an older frame left in it
            if ops[i] is None:
                break
            ops[i] = None
        self._ops = ops
        self._rec_ends = self._ends[k]
        self._n = 0

    def forget(self):
        """The framebuffer was drawn on behind the painter's back: redraw all at next end()."""
        self._shown = None

    def end(self):
        """Draw what changed since the last frame; returns the changed boxes as one flat
        list [x0, y0, x1, y1, x0, ...] (the whole screen the first time, [] when nothing
        changed): at most one box per text row, none overlapping."""
        ops = self._ops
        n = self._n
        ends = self._rec_ends
        self._ops = None
        old = self._shown
        count = self._count
        old_ends = self._ends[1] if ends is self._ends[0] else self._ends[0]
        self._shown = ops
        self._count = n
        if ops is None:
            return []
        if old is None:
            return self._everything(ops, ends, n)
        if n == count and ops == old:
            return []
        if n == count:
            changed = self._in_place(ops, n, old)
        else:
            changed = self._new(ops, n, old, count)
        if changed * 2 > n:
            # Mostly new (a new screen): the whole screen, each op drawn once, costs less
            # than working out which boxes changed (~100,000 fuel an op) to send half of it.
            return self._everything(ops, ends, n)
        if n == count:
            self._pairs(ops, ends, n, old, old_ends)
        else:
            self._changes(ops, ends, n, old, old_ends, count)
        boxes = self._boxes()
        for i in range(0, len(boxes), 4):
            if not self._redraw(boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3], ops, ends,
                                n):
                return self._everything(ops, ends, n)  # no view of that box
        return boxes

    def _in_place(self, ops, n, old):
        """A frame of as many ops as the one on the screen: most presses change a few ops in
        their places (a number, the bar's row). self._isnew says which ops differ from the
        op in the same place, and their count is returned: one comparison an op, where
        finding each op anywhere in the other frame, and the ones that went away, took
        ~1.5 ms a press on a Pico."""
        isnew = self._isnew
        if len(isnew) < n:
            isnew = self._isnew = bytearray(n)
        changed = 0
        for i in range(n):
            if ops[i] == old[i]:
                isnew[i] = 0
            else:
                isnew[i] = 1
                changed += 1
        return changed

    def _pairs(self, ops, ends, n, old, old_ends):
        """Mark the boxes of the ops that differ from the op in their place (_in_place): both
        boxes, or where only the text changed, what follows the characters both begin with.
        An op that only moved to another place is drawn again too; what is drawn stays in
        the frame's order, so overlaps come out as a full redraw makes them."""
        isnew = self._isnew
        for i in range(n):
            if isnew[i]:
                op = ops[i]
                was = old[i]
                if _retyped(op, was):
                    self._mark_retyped(op, _end(op, ends, i), was, _end(was, old_ends, i))
                else:
                    self._mark(op, _end(op, ends, i))
                    self._mark(was, _end(was, old_ends, i))

    def _new(self, ops, n, old, count):
        """A frame of another number of ops: self._isnew says which ops are not in the frame
        on the screen; returns their count."""
        # Which ops are new, and (_changes) which went away: each found once, then reused (a
        # membership test walks the other frame's ops: ~5,000-9,000 fuel each). The op in
        # the same place of the other frame is tried first: a screen that changes a little
        # draws the same ops in the same order, and a walk of 20 ops is ~75,000 cycles on a
        # Pico (a tuple compared item by item), so this saves most of the walks.
        isnew = self._isnew
        if len(isnew) < n:
            isnew = self._isnew = bytearray(n)
        changed = 0
        for i in range(n):
            op = ops[i]
            if (i < count and op == old[i]) or op in old:
                isnew[i] = 0
            else:
                isnew[i] = 1
                changed += 1
        return changed

    def _changes(self, ops, ends, n, old, old_ends, count):
        """Mark the boxes of the ops that appeared or went away (self._isnew says which ops
        are new)."""
        isnew = self._isnew
        gone = self._gone
        if len(gone) < count:
            gone = self._gone = bytearray(count)
        for j in range(count):
            was = old[j]
            gone[j] = 0 if (j < n and was == ops[j]) or was in ops else 1
        if _same_order(ops, n, old, count, isnew, gone):
            kept = 0  # ops before i that both frames have
            for i in range(n):
                if not isnew[i]:
                    kept += 1
                else:
                    op = ops[i]
                    end = _end(op, ends, i)
                    j = _replaced(op, old, count, gone, kept)
                    if j < 0:
                        self._mark(op, end)
                        continue
                    gone[j] = 2
                    was = old[j]
                    self._mark_retyped(op, end, was, _end(was, old_ends, j))
            for j in range(count):
                if gone[j] == 1:
                    self._mark(old[j], _end(old[j], old_ends, j))
        else:
            # The same ops in another order: overlaps may differ, so everything they touch.
            for i in range(n):
                self._mark(ops[i], _end(ops[i], ends, i))
            for j in range(count):
                self._mark(old[j], _end(old[j], old_ends, j))

    def _mark_retyped(self, op, end, was, was_end):
        """The same place and ink, new text ("倍数 4" -> "倍数 8"; _retyped): what both begin
        with stays on the screen, only the rest is redrawn and sent (to where the longer of
        the two ends)."""
        self._mark(op, max(end, was_end), op[2] + text.common_width(op[4], was[4]) * (op[5] & 7))

    # Changed areas are kept per band (the 16 px of a text row; the first band also takes
    # the top margin, the last the bottom one) as up to two column ranges over the rows that
    # changed in it (a name on the left and a number on the right stay two boxes), in lists
    # made once: band b's ranges are [x0s[b], x1s[b]) and [x0t[b], x1t[b]), empty while
    # x0 >= x1, over rows [y0s[b], y1s[b]). The bands start empty, and _boxes() empties the
    # bands it finds marked as it reads them: the next frame's marks start from nothing
    # without a walk over every band (~0.15 ms a press on a Pico).

    def _mark(self, op, x1, x0=-1):
        """Add the box of `op` from x0 (its own x by default) to x1, where its ink ends."""
        # Comparisons rather than min() and max(): a call to a builtin costs a Pico as much
        # as a dozen of them, and a press marks a few ops.
        if x0 < 0:
            x0 = op[2]
        if x0 < 0:
            x0 = 0
        width = self.width
        if x1 > width:
            x1 = width
        if x0 >= x1:
            return
        top = self.top
        x0s = self._x0s
        last = len(x0s) - 1
        ya = op[0]
        yb = op[1]
        b0 = (ya - top) >> 4
        b0 = 0 if b0 < 0 else (last if b0 > last else b0)
        b1 = (yb - 1 - top) >> 4
        b1 = 0 if b1 < 0 else (last if b1 > last else b1)
        # One name at a time: a 4-name assignment would build a tuple (MicroPython swaps
        # up to 3 without one), 32 bytes of garbage per call.
        x1s = self._x1s
        x0t = self._x0t
        x1t = self._x1t
        y0s = self._y0s
        y1s = self._y1s
        for b in range(b0, b1 + 1):
            a0 = x0s[b]
            a1 = x1s[b]
            if a0 >= a1 or (x0 <= a1 + _GAP and a0 <= x1 + _GAP):
                if x0 < a0 or a0 >= a1:  # empty, or near the first range: join it
                    x0s[b] = x0
                if x1 > a1:
                    x1s[b] = x1
            else:
                c0 = x0t[b]
                c1 = x1t[b]
                if c0 >= c1:
                    x0t[b] = x0  # far from the first range: the second
                    x1t[b] = x1
                else:
                    if x0 < c0:  # both taken: the second grows
                        x0t[b] = x0
                    if x1 > c1:
                        x1t[b] = x1
            c0 = x0t[b]
            c1 = x1t[b]
            if c0 < c1 and c0 <= x1s[b] + _GAP and x0s[b] <= c1 + _GAP:
                if c0 < x0s[b]:  # the two met: one range
                    x0s[b] = c0
                if c1 > x1s[b]:
                    x1s[b] = c1
                x0t[b] = width
                x1t[b] = 0
            lo = top + (b << 4) if b else 0
            hi = top + (b << 4) + 16 if b < last else self.height
            if ya > lo:
                lo = ya
            if yb < hi:
                hi = yb
            if lo < y0s[b]:
                y0s[b] = lo
            if hi > y1s[b]:
                y1s[b] = hi

    def _boxes(self):
        """The bands' boxes, flat [x0, y0, x1, y1, ...]; a band's single box touching the
        box above is joined to it (one window instead of two) where the columns of one hold
        the other's and the two fit in one strip: the bomb's stake line under the factors'
        line (the few pixels drawn again cost less than a second strip). Each
        band read is left empty (the others are: _mark gives a band it touches columns)."""
        # One name at a time: a 4-name assignment would build a tuple (MicroPython swaps
        # up to 3 without one), 32 bytes of garbage per call.
        x0s = self._x0s
        x1s = self._x1s
        x0t = self._x0t
        x1t = self._x1t
        y0s = self._y0s
        y1s = self._y1s
        w = self.width
        h = self.height
        boxes = []
        for b in range(len(x0s)):
            x0 = x0s[b]
            x1 = x1s[b]
            if x0 >= x1:
                continue
            ya = y0s[b]
            yb = y1s[b]
            c0 = x0t[b]
            c1 = x1t[b]
            x0s[b] = w
            x1s[b] = 0
            x0t[b] = w
            x1t[b] = 0
            y0s[b] = h
            y1s[b] = 0
            n = len(boxes)
            if c0 >= c1 and n and boxes[n - 1] == ya:  # one box, right below the last
                a0 = boxes[n - 4]
                a1 = boxes[n - 2]
                if a0 <= x0 and x1 <= a1:  # within the last box's columns: it grows down
                    if (a0 == x0 and a1 == x1) or self._fits(a1 - a0, yb - boxes[n - 3]):
                        boxes[n - 1] = yb
                        continue
                elif (x0 <= a0 and a1 <= x1 and (n == 4 or boxes[n - 5] <= boxes[n - 3])
                      and self._fits(x1 - x0, yb - boxes[n - 3])):
                    # The last box within this one's columns, and alone in its rows (the box
                    # before it ends above it): it takes these columns and grows down.
                    boxes[n - 4] = x0
                    boxes[n - 2] = x1
                    boxes[n - 1] = yb
                    continue
            boxes.append(x0)
            boxes.append(ya)
            boxes.append(x1)
            boxes.append(yb)
            if c0 < c1:
                boxes.append(c0)
                boxes.append(ya)
                boxes.append(c1)
                boxes.append(yb)
        return boxes

    def _fits(self, w, h):
        """Whether a box of w x h is drawn in one go: one strip on a colour panel (each
        strip costs a send and a walk over the ops: ~0.4 ms a Pico), any box in a
        framebuffer."""
        return self.fb is not None or self.display.rows(w) >= h

    def _everything(self, ops, ends, n):
        """Draw the whole frame; returns its box."""
        fb = self.fb
        if fb is None:
            self._redraw(0, 0, self.width, self.height, ops, ends, n)
        else:
            fb.fill(_BLACK)
            for i in range(n):
                ends[i] = _draw(fb, ops[i], 0, 0)
        return [0, 0, self.width, self.height]

    def _redraw(self, x0, y0, x1, y1, ops, ends, n):
        """Draw the box anew: into strips sent one by one on a colour panel, else into a
        view of the framebuffer; False if the framebuffer offers no view of it."""
        if self.fb is not None:
            view = self._view(x0, y0, x1 - x0, y1 - y0)
            if view is None:
                return False
            self._draw_box(view, x0, y0, x1, y1, ops, ends, n)
            return True
        display = self.display
        w = x1 - x0
        step = display.rows(w)
        top = self.top
        while y0 < y1:
            h = y1 - y0
            if h > step:
                # Split on the edge of a text row, so that no line is drawn in two halves
                # (each half would cost its characters' overhead again).
                edge = top + ((y0 + step - top) >> 4 << 4)
                h = edge - y0 if edge > y0 else step
            self._draw_box(display.strip(x0, y0, w, h), x0, y0, x1, y0 + h, ops, ends, n)
            display.send()
            y0 += h
        return True

    def _draw_box(self, fb, x0, y0, x1, y1, ops, ends, n):
        """Clear `fb`, which shows the box (x0, y0)-(x1, y1), and draw every op that touches
        the box, clipped to it."""
        colors = self._colors
        if colors is None:
            fb.fill(_BLACK)
            rows = 0
            clear = None
        else:
            rows = y1 - y0  # its height: text.draw may draw straight into its RGB565
            # fb is the strip the display handed out: cleared at the first op that touches
            # the box. Where that op is a rectangle over all of it (the selection bar under a
            # redrawn row) the strip is cleared to its colour instead of drawn on: the
            # driver's clear (by DMA on rp2) where framebuf's fill_rect takes ~35,000 cycles
            # a 240 x 16 strip.
            clear = self.display.clear
        draw = text.draw
        for i in range(n):
            op = ops[i]
            if op[0] < y1 and y0 < op[1] and op[2] < x1:
                # An op starting left of the box may end before it: measured only then.
                if x0 <= op[2] or x0 < _end(op, ends, i):
                    s = op[4]
                    if clear is not None:
                        if (s is None and op[0] <= y0 and y1 <= op[1] and op[2] <= x0
                                and x1 <= op[3]):
                            clear(colors[op[5] >> 3])  # pyright: ignore[reportOptionalSubscript]
                            clear = None
                            continue
                        clear(colors[_BLACK])  # pyright: ignore[reportOptionalSubscript]
                        clear = None
                    if rows and type(s) is str:  # a strip's text: what _draw() does, a call less
                        cs = op[5]
                        draw(fb, s, op[2] - x0, op[0] - y0, colors[cs >> 3], cs & 7,  # pyright: ignore[reportOptionalSubscript]
                             x1 - x0, rows)
                    else:
                        _draw(fb, op, -x0, -y0, x1 - x0, colors, rows)
        if clear is not None:  # no op touches the box: the screen's black
            clear(colors[_BLACK])  # pyright: ignore[reportOptionalSubscript]

    def _view(self, x, y, w, h):
        """A MONO_VLSB FrameBuffer of the box (x, y, w, h) of the display's buffer, or None
        (no buffer, or a box that does not start on a byte: a byte is 8 rows of a column)."""
        buf = getattr(self.fb, "buffer", None)
        if buf is None or y & 7:
            return None
        mv = memoryview(buf)[(y >> 3) * self.width + x:]
        return framebuf.FrameBuffer(mv, w, h, framebuf.MONO_VLSB, self.width)

    # -- what screens call -------------------------------------------------------------

    def y(self, row):
        return self.top + row * text.HEIGHT

    def _op(self, op):
        ops = self._ops
        if ops is None:
            raise RuntimeError("drawing outside begin() and end()")
        n = self._n
        if n < len(ops):
            ops[n] = op
            self._rec_ends[n] = op[3]
        else:
            ops.append(op)
            self._rec_ends.append(op[3])
        self._n = n + 1

    def line(self, row, s, x=0, color=None, selected=False):
        """Text in `row` from `x`; a selected line gets the bar across the screen."""
        y = self.y(row)
        ink = self.ink if color is None else color
        if selected:
            self._op((y, y + text.HEIGHT, 0, self.width, None, self.bar << 3 | 1))
            ink = _BLACK if self.mono else _WHITE
        self._op((y, y + text.HEIGHT, x, -1, s, ink << 3 | 1))

    def right(self, row, s, color=None, selected=False):
        """Right-aligned text in `row` (over a bar already drawn by line(), if selected)."""
        ink = self.ink if color is None else color
        if selected:
            ink = _BLACK if self.mono else _WHITE
        y = self.y(row)
        # The same strings come back frame after frame (totals, the hand number): measured
        # once. Kept up to _WIDTHS_KEPT strings (~0.3 KB), then forgotten all at once.
        widths = self._widths
        w = widths.get(s)
        if w is None:
            if len(widths) >= _WIDTHS_KEPT:
                widths.clear()
            w = widths[s] = text.width(s)
        self._op((y, y + text.HEIGHT, self.width - w, self.width, s, ink << 3 | 1))

    def signed(self, value):
        """The colour for a gain or a loss."""
        return self.good if value > 0 else (self.bad if value < 0 else self.ink)

    def big(self, row, s, scale, color=None):
        """Large text from `row`, centred: the multiplier on the play screen."""
        w = text.width(s, scale)
        x = (self.width - w) // 2
        y = self.y(row)
        self._op((y, y + text.HEIGHT * scale, x, x + w, s,
                  (self.accent if color is None else color) << 3 | scale))

    def at(self, x, y, s, scale=1, color=None, right=False, selected=False):
        """Text at pixel (x, y), `scale` times the font; with `right`, ending at x. Where a
        screen lays out cells of its own (the table screen's seats) rather than rows."""
        ink = self.ink if color is None else color
        if selected:
            ink = _BLACK if self.mono else _WHITE
        if right:
            w = text.width(s, scale)
            self._op((y, y + text.HEIGHT * scale, x - w, x, s, ink << 3 | scale))
        else:
            self._op((y, y + text.HEIGHT * scale, x, -1, s, ink << 3 | scale))

    def picture(self, x0, y0, x1, y1, picture):
        """A dark-on-light picture filling the box (x0, y0)-(x1, y1): the box is made white,
        then `picture.draw(fb, x, y, color, rows)` fills its dark parts in black with
        fb.fill_rect from (x, y), fb being the box's or a strip's FrameBuffer (rows: a
        strip's height, else 0; fill_rect clips). The settlement's QR code (ui/qr_screen.py):
        black on white on every panel, as a phone's camera expects it."""
        self._op((y0, y1, x0, x1, picture, _BLACK << 3 | 1))

    def box(self, x0, y0, x1, y1):
        """The selection bar over a cell (x0, y0)-(x1, y1): draw it before the cell's text."""
        self._op((y0, y1, x0, x1, None, self.bar << 3 | 1))

    def hints(self, s):
        """The last rows: what the buttons do on this screen, a row per line of `s`."""
        lines = s.split("\n") if "\n" in s else (s,)
        y = self.y(self.rows - len(lines))
        if not self.mono:
            self._op((y - 1, y, 0, self.width, None, self.dim << 3 | 1))
        for line in lines:
            self._op((y, y + text.HEIGHT, 0, -1, line, self.dim << 3 | 1))
            y += text.HEIGHT

    def clip(self, s, room=0):
        """`s` as it fits in `room` px (the screen's width by default): cut, with "…" at
        the end, when it is too long."""
        room = room or self.width
        if len(s) * 16 <= room or text.width(s) <= room:  # no glyph is wider than 16 px
            return s
        while s and text.width(s + "…") > room:
            s = s[:-1]
        return s.rstrip() + "…"

    def fits(self, s, room=0):
        """Whether `s` fits in `room` px (the screen's width by default)."""
        room = room or self.width
        n = len(s)
        if n * 16 <= room:  # no glyph is wider than 16 px, none narrower than 8
            return True
        if n * 8 > room:
            return False
        return text.width(s) <= room


def _same_order(a, na, b, nb, isnew, gone):
    """Whether the ops common to frames a and b (of na and nb ops) come in the same order;
    isnew[i] says a[i] is not in b, gone[j] that b[j] is not in a."""
    i = j = 0
    while True:
        while i < na and isnew[i]:
            i += 1
        while j < nb and gone[j]:
            j += 1
        if i == na or j == nb:
            return i == na and j == nb
        if a[i] != b[j]:
            return False
        i += 1
        j += 1


def _replaced(op, old, count, gone, kept):
    """The gone op of `old` that text op `op` takes the place of (same box, x and ink, other
    text, drawn after as many of the ops both frames have: the same overlaps), or -1."""
    if not isinstance(op[4], str):
        return -1
    before = 0
    for j in range(count):
        if not gone[j]:
            before += 1
        elif gone[j] == 1 and before == kept and _retyped(op, old[j]):
            return j
    return -1


def _retyped(op, was):
    """Whether text op `op` is `was` with other text: the same box, x and ink."""
    return (was[0] == op[0] and was[2] == op[2] and was[5] == op[5] and was[1] == op[1]
            and isinstance(op[4], str) and isinstance(was[4], str))


def _end(op, ends, i):
    """Where op i's ink ends, measured once."""
    x1 = ends[i]
    if x1 < 0:
        x1 = op[2] + text.width(op[4], op[5] & 7)
        ends[i] = x1
    return x1


def _draw(fb, op, dx, dy, clip=0, colors=None, rows=0):
    """Draw `op` moved by (dx, dy) (only columns 0..clip-1 of fb if clip), its colour index
    looked up in `colors` if given; returns where its ink ends (unmoved; not known when
    clipped). rows > 0: fb is a colour panel's strip of clip x rows pixels (text.draw)."""
    y0, y1, x0, x1, s, cs = op
    color = cs >> 3 if colors is None else colors[cs >> 3]
    if s is None:
        fb.fill_rect(x0 + dx, y0 + dy, x1 - x0, y1 - y0, color)
        return x1
    if not isinstance(s, str):  # a picture (Painter.picture): white, then its black
        fb.fill_rect(x0 + dx, y0 + dy, x1 - x0, y1 - y0,
                     _WHITE if colors is None else colors[_WHITE])
        s.draw(fb, x0 + dx, y0 + dy, color, rows)
        return x1
    return text.draw(fb, s, x0 + dx, y0 + dy, color, cs & 7, clip, rows) - dx
