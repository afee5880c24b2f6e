// "Listen": a stop's texts read aloud by the browser's own speech synthesis (nothing is sent
// anywhere), with the text shown as it is read. Each part is an utterance of its own, so the
// voice pauses between them, in the part's own language (a story written in English on a
// French page is read by an English voice).

export interface SpokenPart {
  text: string
  lang: string
}

export interface Listener {
  /** Reads the parts, or stops when they are being read. */
  toggle(parts: SpokenPart[]): void
  stop(): void
}

export const speechAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined'

/** What a transcript shows: the parts, one per line. */
export const transcriptOf = (parts: SpokenPart[]) => parts.map((p) => p.text).join('\n')

export function createListener(onChange: (speaking: boolean, text: string) => void): Listener {
  let speaking = false
  const stop = () => {
    window.speechSynthesis.cancel()
    speaking = false
    onChange(false, '')
  }
  return {
    toggle(parts) {
      if (speaking) return stop()
      window.speechSynthesis.cancel()
      const text = transcriptOf(parts)
      const voices = window.speechSynthesis.getVoices()
      speaking = true
      onChange(true, text)
      parts.forEach((part, i) => {
        const utterance = new SpeechSynthesisUtterance(part.text)
        utterance.lang = part.lang
        const voice = voices.find((v) => v.lang.toLowerCase().startsWith(part.lang.toLowerCase()))
        if (voice) utterance.voice = voice
        if (i === parts.length - 1) {
          utterance.onend = () => {
            speaking = false
            onChange(false, text)
          }
          utterance.onerror = utterance.onend
        }
        window.speechSynthesis.speak(utterance)
      })
    },
    stop,
  }
}
