"""What the simulated panel shows, as a Pillow picture: the framebuffer through
tools/screenshot.py, darker while the display is dim, or black while it sleeps (the panel is
off then)."""

from PIL import Image, ImageEnhance

from tools import screenshot


def screen_image(sim) -> Image.Image:
    if sim.asleep or not sim.fb:
        return Image.new("RGB", screenshot.SIZES[sim.layout])
    img = screenshot.image(sim.fb, sim.layout)
    brightness = getattr(sim, "brightness", 100)
    if brightness < 100:  # dim: a low duty looks brighter than its share (10% shows at 37%)
        img = ImageEnhance.Brightness(img).enhance(0.3 + 0.7 * brightness / 100)
    return img


def save(sim, path, scale: int = 2) -> None:
    img = screen_image(sim)
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.Resampling.NEAREST)
    img.save(path)
