// How every QR code of the app is drawn, on the server (printed place and route codes, SVG and
// PNG: qr-image.server.ts) and in the browser (the map editor's "open on a phone" code): error
// correction M and the standard's quiet zone of 4 modules, so any reader finds the code's edge.
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const

/** A QR code as an SVG string (`width` in pixels, else the package's own); qrcode loads on first use. */
export async function qrSvg(payload: string, width?: number): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(payload, { ...QR_OPTIONS, type: 'svg', ...(width === undefined ? {} : { width }) })
}
