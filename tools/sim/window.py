"""The simulator in a window (pygame): the board's screen scaled up (x3 colour 240x135, x2
colour 320x240, x4 mono), its buttons drawn where the board has them, clickable and mapped to
keys.

Mouse: hold a button down with the left button (as long as you hold it: a long press is a
long press); a right click is a long press. Keys: a button's letter holds that button while the
key is down; arrows, Enter / Space, Backspace / Esc and Tab give the logical keys prev/next,
ok, back and menu (as whichever press the board needs); F12 saves a screenshot; q or closing
the window quits. The screen is redrawn on every framebuffer the board sends, black while the
display sleeps.
"""

import os
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the variable that quiets its banner)

from tools.sim.live import Live  # noqa: E402
from tools.sim.screen import save, screen_image  # noqa: E402
from tools.sim.vm import Sim  # noqa: E402

SCALE = {"color240x135": 3, "color320x240": 2, "mono128x64": 4}
MARGIN = 24
BUTTON = 64  # diameter
SIDE = 120  # width of a column of buttons beside the screen
LINE = 22
BODY = (24, 60, 40)  # a green board
BEZEL = (10, 10, 10)
CAP = (210, 210, 200)
CAP_DOWN = (120, 120, 110)
INK = (20, 20, 20)
TEXT = (225, 235, 225)
DIM = (150, 170, 155)
_LOGICAL = {pygame.K_UP: "prev", pygame.K_LEFT: "prev", pygame.K_DOWN: "next",
            pygame.K_RIGHT: "next", pygame.K_RETURN: "ok", pygame.K_KP_ENTER: "ok",
            pygame.K_SPACE: "ok", pygame.K_BACKSPACE: "back", pygame.K_ESCAPE: "back",
            pygame.K_TAB: "menu"}


def describe(board: dict, index: int) -> list[str]:
    """What a button does, as "OK" / "hold: MENU" lines."""
    short, long, double = board["keymap"][index]
    words = []
    if short:
        words.append(short.upper())
    if long:
        words.append("hold: " + long.upper())
    if double:
        words.append("twice: " + double.upper())
    return words


class Window:
    def __init__(self, sim: Sim, title: str = "", shots: Path | None = None) -> None:
        self.sim = sim
        self.live = Live(sim)
        self.shots = shots
        self.status = ""
        board = sim.board
        self.scale = SCALE.get(sim.layout, 3)
        width, height = screen_image(sim).size
        self.screen_size = (width * self.scale, height * self.scale)
        names = board["buttons"]
        # Pico Display Pack style (the 1.14" and the 2.0"): A B on the left, X Y on the right.
        beside = sim.layout.startswith("color") and len(names) == 4
        sw, sh = self.screen_size
        if beside:
            left = MARGIN + SIDE
            self.screen_rect = pygame.Rect(left, MARGIN, sw, sh)
            top, bottom = MARGIN + sh // 4, MARGIN + 3 * sh // 4
            centres = [(MARGIN + SIDE // 2, top), (MARGIN + SIDE // 2, bottom),
                       (left + sw + SIDE // 2, top), (left + sw + SIDE // 2, bottom)]
            body_h = MARGIN + sh + MARGIN
            width_px = left + sw + SIDE + MARGIN
        else:
            width_px = max(sw + 2 * MARGIN, 640)
            self.screen_rect = pygame.Rect((width_px - sw) // 2, MARGIN, sw, sh)
            row = MARGIN + sh + MARGIN + BUTTON // 2
            step = width_px // (len(names) + 1)
            centres = [(step * (i + 1), row) for i in range(len(names))]
            body_h = row + BUTTON // 2 + 3 * LINE
        self.buttons = {}
        for name, (cx, cy) in zip(names, centres):
            self.buttons[name] = pygame.Rect(cx - BUTTON // 2, cy - BUTTON // 2, BUTTON, BUTTON)
        self.body_h = body_h
        pygame.display.init()
        if (pygame.display.get_driver() in ("offscreen", "dummy")
                and not os.environ.get("SDL_VIDEODRIVER")):
            # SDL falls back to an invisible window when $DISPLAY names no server.
            pygame.display.quit()
            raise pygame.error("no display to open a window on")
        pygame.font.init()
        self.font = pygame.font.Font(None, 30)
        self.small = pygame.font.Font(None, 21)
        letters = " ".join(b.lower() for b in names)
        self.legend = self._wrap(
            "keys {}: the buttons, held as long as the key is · arrows: prev / next · "
            "Enter: ok · Backspace: back · Tab: menu · right click on a button: long press · "
            "F12: screenshot · q: quit".format(letters), width_px - 2 * MARGIN)
        self.size = (width_px, body_h + (len(self.legend) + 1) * LINE + MARGIN)
        self.surface = pygame.display.set_mode(self.size)
        pygame.display.set_caption(title or "牌桌记分器 · " + board["name"])
        self.clock = pygame.time.Clock()
        self._mouse: dict[int, str] = {}  # mouse button → board button it holds
        self._keys: dict[int, str] = {}  # keyboard key → board button it holds
        self.running = True
        self._drawn = -1
        self._dirty = True
        self._picture = pygame.Surface(self.screen_size)
        self._picture_of = -1

    # -- input --------------------------------------------------------------------------

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.buttons.items():
            if rect.inflate(12, 12).collidepoint(pos):
                return name
        return None

    def handle(self, event: pygame.event.Event) -> None:
        live = self.live
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.MOUSEBUTTONDOWN:
            name = self.button_at(event.pos)
            if name and event.button == 1:
                self._mouse[1] = name
                live.press(name)
            elif name and event.button == 3:
                live.gesture(name, "long")
        elif event.type == pygame.MOUSEBUTTONUP:
            name = self._mouse.pop(event.button, None)
            if name:
                live.release(name)
        elif event.type == pygame.KEYDOWN:
            letter = (event.unicode or "").lower()
            names = {b.lower(): b for b in self.sim.board["buttons"]}
            if event.key == pygame.K_q and "q" not in names:
                self.running = False
            elif event.key == pygame.K_F12:
                self.screenshot()
            elif letter in names and event.key not in self._keys:
                self._keys[event.key] = names[letter]
                live.press(names[letter])
            elif event.key in _LOGICAL:
                live.logical(_LOGICAL[event.key])
        elif event.type == pygame.KEYUP:
            name = self._keys.pop(event.key, None)
            if name:
                live.release(name)
        else:
            return
        self._dirty = True

    def screenshot(self) -> None:
        folder = self.shots or Path(".sim") / "shots"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "{}-{}.png".format(self.sim.board_file, time.strftime("%Y%m%d-%H%M%S"))
        save(self.sim, path)
        self.status = "saved " + str(path)

    # -- drawing --------------------------------------------------------------------------

    def draw(self) -> None:
        surface = self.surface
        surface.fill(BODY)
        pygame.draw.rect(surface, BEZEL, self.screen_rect.inflate(16, 16), border_radius=6)
        if self._picture_of != self.sim.fb_version:
            img = screen_image(self.sim)
            picture = pygame.image.frombytes(img.tobytes(), img.size, "RGB")
            self._picture = pygame.transform.scale(picture, self.screen_size)
            self._picture_of = self.sim.fb_version
        surface.blit(self._picture, self.screen_rect)
        held = self.live.held
        for i, (name, rect) in enumerate(self.buttons.items()):
            down = name in held
            pygame.draw.circle(surface, (0, 0, 0), rect.center, BUTTON // 2 + 3)
            pygame.draw.circle(surface, CAP_DOWN if down else CAP, rect.center, BUTTON // 2)
            label = self.font.render(name, True, INK)
            surface.blit(label, label.get_rect(center=rect.center))
            for j, word in enumerate(describe(self.sim.board, i)):
                text = self.small.render(word, True, TEXT)
                surface.blit(text, text.get_rect(midtop=(rect.centerx,
                                                         rect.bottom + 6 + j * (LINE - 4))))
        y = self.body_h + 4
        for line in self.legend + [self._status_line()]:
            text = self.small.render(line, True, DIM)
            surface.blit(text, (MARGIN, y))
            y += LINE
        pygame.display.flip()

    def _wrap(self, text: str, width: int) -> list[str]:
        """The legend in lines that fit, broken between its "·"-separated parts."""
        lines = []
        line = ""
        for part in text.split(" · "):
            candidate = line + " · " + part if line else part
            if line and self.small.size(candidate)[0] > width:
                lines.append(line)
                candidate = part
            line = candidate
        return lines + [line]

    def _status_line(self) -> str:
        parts = []
        if self.live.last:
            parts.append("last key: " + self.live.last)
        if self.sim.asleep:
            parts.append("display asleep: any button wakes it")
        if self.sim.crash:
            parts.append("crashed: " + self.sim.crash.strip().splitlines()[-1])
        if self.status:
            parts.append(self.status)
        return " · ".join(parts)

    # -- the loop -------------------------------------------------------------------------

    def step(self) -> None:
        """One frame: events, the board's clock, a redraw if anything changed."""
        for event in pygame.event.get():
            self.handle(event)
        self.live.update()
        if self.sim.fb_version != self._drawn or self._dirty:
            self._drawn = self.sim.fb_version
            self._dirty = False
            self.draw()
        self.clock.tick(60)

    def run(self, max_frames: int | None = None) -> None:
        frames = 0
        try:
            while self.running and (max_frames is None or frames < max_frames):
                self.step()
                frames += 1
        finally:
            self.close()

    def close(self) -> None:
        pygame.display.quit()


def picture(sim: Sim, path: Path) -> None:
    """The window as it looks now, saved as a PNG, without showing it (the README's
    pictures of the simulator)."""
    saved = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        window = Window(sim)
        window.draw()
        pygame.image.save(window.surface, str(path))
        window.close()
    finally:
        if saved is None:
            del os.environ["SDL_VIDEODRIVER"]
        else:
            os.environ["SDL_VIDEODRIVER"] = saved
