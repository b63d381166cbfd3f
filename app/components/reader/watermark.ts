/**
 * Draws the reader's name and the date across a rendered page, into the page's own pixels: removing an element
 * cannot take the mark away without taking the page with it.
 */
export function drawWatermark(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  text: string,
  pixelRatio: number,
) {
  const size = Math.max(11, Math.round(Math.min(width, height) / 32));
  context.save();
  context.font = `600 ${size}px system-ui, sans-serif`;
  context.fillStyle = "rgba(120, 20, 50, 0.11)";
  context.textBaseline = "middle";
  const stepX = context.measureText(text).width + size * 4;
  const stepY = size * 7;
  context.translate(width / 2, height / 2);
  context.rotate(-Math.PI / 6);
  const reach = Math.hypot(width, height);
  for (let y = -reach, row = 0; y < reach; y += stepY, row++) {
    const offset = (row % 2) * (stepX / 2);
    for (let x = -reach - offset; x < reach; x += stepX) context.fillText(text, x, y);
  }
  context.restore();
  // A faint line at the foot of the page as well, readable on any screenshot crop of the text block.
  context.save();
  context.font = `${Math.max(9, Math.round(10 * pixelRatio))}px system-ui, sans-serif`;
  context.fillStyle = "rgba(60, 60, 60, 0.35)";
  context.fillText(text, 8 * pixelRatio, height - 8 * pixelRatio);
  context.restore();
}
