"""What the simulated panel shows, as a Pillow picture: the framebuffer through
tools/screenshot.py, or black while the display sleeps (the panel is off then)."""

from PIL import Image

from tools import screenshot


def screen_image(sim) -> Image.Image:
    if sim.asleep or not sim.fb:
        return Image.new("RGB", screenshot.SIZES[sim.layout])
    return screenshot.image(sim.fb, sim.layout)


def save(sim, path, scale: int = 2) -> None:
    img = screen_image(sim)
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.Resampling.NEAREST)
    img.save(path)
