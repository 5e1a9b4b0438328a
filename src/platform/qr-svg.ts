/** A QR code of `text` as SVG text. qrcode is loaded on first use, so it stays out of every page
 * but the one that draws a QR code (the trainer's screen). */
export async function qrSvg(text: string): Promise<string> {
  const qr = await import('qrcode');
  return qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
