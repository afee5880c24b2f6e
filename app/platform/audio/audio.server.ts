import { parseBuffer } from 'music-metadata'
import { AppError } from '#app/utils/errors.ts'

// Recorded audio (ADR 122): MP3, AAC (ADTS or in an MPEG-4/M4A file) and Ogg Opus, recognised
// by their bytes, never by the file's name or the type the browser sends; measured by
// music-metadata, which reads the container without decoding the sound.

export const MAX_RECORDING_BYTES = 20 * 1024 * 1024
export const MAX_RECORDING_SECONDS = 15 * 60

export interface AudioFile {
  contentType: 'audio/mpeg' | 'audio/mp4' | 'audio/aac' | 'audio/ogg'
  extension: 'mp3' | 'm4a' | 'aac' | 'ogg'
  durationMs: number
}

export const notAnAudioFile = () => new AppError(422, { key: 'recordings.not_audio' }, { file: [{ key: 'recordings.not_audio' }] })
export const recordingTooLarge = () => new AppError(413, { key: 'recordings.too_large', values: { max: MAX_RECORDING_BYTES / 1024 / 1024 } })
const recordingTooLong = () =>
  new AppError(422, { key: 'recordings.too_long', values: { max: MAX_RECORDING_SECONDS / 60 } }, { file: [{ key: 'recordings.too_long', values: { max: MAX_RECORDING_SECONDS / 60 } }] })

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1')

/** The family the first bytes announce: ID3 or an MPEG audio frame, ADTS, an ISO BMFF "ftyp" box, an Ogg page. */
function sniff(bytes: Buffer): 'mp3' | 'aac' | 'm4a' | 'ogg' | null {
  if (bytes.length < 12) return null
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3'
  if (ascii(bytes, 4, 8) === 'ftyp') return 'm4a'
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg'
  if (bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0) return 'aac' // ADTS: sync, layer 00
  if (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) === 0x02) return 'mp3' // MPEG audio, layer III
  return null
}

/** Checks an uploaded recording: its kind by its bytes, a codec we serve, a duration within the limit. */
export async function inspectAudio(bytes: Buffer): Promise<AudioFile> {
  if (bytes.length > MAX_RECORDING_BYTES) throw recordingTooLarge()
  const family = sniff(bytes)
  if (!family) throw notAnAudioFile()
  let format: Awaited<ReturnType<typeof parseBuffer>>['format']
  try {
    ;({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }))
  } catch {
    throw notAnAudioFile()
  }
  const codec = (format.codec ?? '').toLowerCase()
  const accepted =
    (family === 'mp3' && format.container === 'MPEG' && /layer 3/.test(codec)) ||
    (family === 'aac' && (format.container ?? '').startsWith('ADTS') && codec.includes('aac')) ||
    (family === 'm4a' && codec.includes('aac')) ||
    (family === 'ogg' && codec === 'opus')
  const seconds = format.duration ?? 0
  if (!accepted || !(seconds > 0)) throw notAnAudioFile()
  if (seconds > MAX_RECORDING_SECONDS) throw recordingTooLong()
  const types = { mp3: 'audio/mpeg', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg' } as const
  return { contentType: types[family], extension: family, durationMs: Math.round(seconds * 1000) }
}
