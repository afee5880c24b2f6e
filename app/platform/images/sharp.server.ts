import type { default as Sharp } from 'sharp'

let loaded: Promise<typeof Sharp> | undefined

/**
 * sharp, loaded on first use (it and libvips cost ~20 MB of resident memory in a process that
 * may never draw an image) and set for a bounded footprint: no operation cache (every upload is
 * a different image: a cache only keeps decoded pixels alive, 50 MB by default) and one libvips
 * thread per image. How many images are worked on at once is bounded by the callers' queues
 * (IMAGE_CONCURRENCY, QR_RENDER_CONCURRENCY), so memory follows those numbers, not the load.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}
