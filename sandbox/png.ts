import { crc32, deflateSync } from "node:zlib"
import { stableHash } from "./hash"

/**
 * QR-code images for return labels: a valid greyscale PNG showing a 25 × 25 module symbol with the
 * three finder patterns and data modules derived from the encoded text. It looks like a QR code
 * and is stable per text, but it is not a scannable encoding.
 */

const MODULES = 25
const MODULE_PIXELS = 8
const QUIET_ZONE = 4

export function qrCodePng(text: string): Buffer {
  const dark = moduleMatrix(text)
  const size = (MODULES + 2 * QUIET_ZONE) * MODULE_PIXELS
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(size + 1) // leading 0 = filter type "none"
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / MODULE_PIXELS) - QUIET_ZONE
      const my = Math.floor(y / MODULE_PIXELS) - QUIET_ZONE
      const inside = mx >= 0 && my >= 0 && mx < MODULES && my < MODULES
      row[x + 1] = inside && dark[my][mx] ? 0 : 255
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // colour type: greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

function moduleMatrix(text: string): boolean[][] {
  const matrix = Array.from({ length: MODULES }, (_, y) =>
    Array.from({ length: MODULES }, (_, x) => stableHash(`${text}:${x}:${y}`) % 2 === 0)
  )
  for (const [left, top] of [[0, 0], [MODULES - 7, 0], [0, MODULES - 7]]) {
    for (let y = -1; y <= 7; y++) {
      for (let x = -1; x <= 7; x++) {
        const mx = left + x
        const my = top + y
        if (mx < 0 || my < 0 || mx >= MODULES || my >= MODULES) continue
        const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3))
        // Finder pattern: dark 7×7 ring, light ring, dark 3×3 centre, light separator around it.
        matrix[my][mx] = ring !== 2 && ring !== 4
      }
    }
  }
  return matrix
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}
