/**
 * Just enough PNG decoding to look at a screenshot without a new dependency: Chromium writes
 * 8-bit RGB or RGBA, non-interlaced, which is what this handles (anything else throws).
 */
import { inflateSync } from 'node:zlib'

export interface Image {
  width: number
  height: number
  /** RGBA, 4 bytes per pixel, row after row. */
  rgba: Uint8Array
}

export function decodePng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('Not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let colorType = 0
  const data: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const depth = body[8]
      colorType = body[9]!
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || body[12] !== 0) {
        throw new Error(`Unsupported PNG (depth ${depth}, color type ${colorType}, interlace ${body[12]})`)
      }
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  const channels = colorType === 6 ? 4 : 3
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const pixels = new Uint8Array(width * height * channels)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const row = y * stride
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[row + x - channels]! : 0
      const up = y > 0 ? pixels[row - stride + x]! : 0
      const upLeft = y > 0 && x >= channels ? pixels[row - stride + x - channels]! : 0
      let value = line[x]!
      if (filter === 1) value += left
      else if (filter === 2) value += up
      else if (filter === 3) value += (left + up) >> 1
      else if (filter === 4) value += paeth(left, up, upLeft)
      pixels[row + x] = value & 0xff
    }
  }
  if (channels === 4) return { width, height, rgba: pixels }
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
    rgba[j] = pixels[i]!
    rgba[j + 1] = pixels[i + 1]!
    rgba[j + 2] = pixels[i + 2]!
    rgba[j + 3] = 255
  }
  return { width, height, rgba }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** The most frequent colour, as `rgb(r, g, b)` (the background, for a mostly empty view). */
export function dominantColor(image: Image): string {
  const counts = new Map<number, number>()
  for (let i = 0; i < image.rgba.length; i += 4) {
    const key = (image.rgba[i]! << 16) | (image.rgba[i + 1]! << 8) | image.rgba[i + 2]!
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  let best = 0
  let bestCount = -1
  for (const [key, count] of counts) if (count > bestCount) [best, bestCount] = [key, count]
  return `rgb(${best >> 16}, ${(best >> 8) & 0xff}, ${best & 0xff})`
}

/**
 * How many pixels differ from the dominant colour by more than `tolerance` on some channel: ink
 * (text, borders, buttons). A blank or single-colour screenshot gives 0.
 */
export function inkPixels(image: Image, tolerance = 24): number {
  const [r, g, b] = dominantColor(image).match(/\d+/g)!.map(Number) as [number, number, number]
  let ink = 0
  for (let i = 0; i < image.rgba.length; i += 4) {
    if (Math.abs(image.rgba[i]! - r) > tolerance || Math.abs(image.rgba[i + 1]! - g) > tolerance || Math.abs(image.rgba[i + 2]! - b) > tolerance) ink++
  }
  return ink
}

/** A test for `countPixels`: the pixel is `rgb` (`0x2ecc71`), each channel within `tolerance`. */
export const nearColor =
  (rgb: number, tolerance = 8) =>
  (r: number, g: number, b: number): boolean =>
    Math.abs(r - (rgb >> 16)) < tolerance && Math.abs(g - ((rgb >> 8) & 0xff)) < tolerance && Math.abs(b - (rgb & 0xff)) < tolerance

/** How many pixels `pixel` holds for (canvas drawings: a colour, a shade). */
export function countPixels(image: Image, pixel: (r: number, g: number, b: number) => boolean): number {
  let count = 0
  for (let i = 0; i < image.rgba.length; i += 4) if (pixel(image.rgba[i]!, image.rgba[i + 1]!, image.rgba[i + 2]!)) count++
  return count
}
