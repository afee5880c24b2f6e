// "Listen": a place's text read aloud by the browser's own speech synthesis, in the page's
// language (nothing is sent anywhere), with the text shown as it is read.

export interface Listener {
  /** Reads the text, or stops when it is being read. */
  toggle(text: string): void
  stop(): void
}

export const speechAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined'

export function createListener(lang: string, onChange: (speaking: boolean, text: string) => void): Listener {
  let speaking = false
  const stop = () => {
    window.speechSynthesis.cancel()
    speaking = false
    onChange(false, '')
  }
  return {
    toggle(text) {
      if (speaking) return stop()
      window.speechSynthesis.cancel()
      const utterance = new SpeechSynthesisUtterance(text)
      utterance.lang = lang
      const voice = window.speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang.toLowerCase()))
      if (voice) utterance.voice = voice
      utterance.onend = () => {
        speaking = false
        onChange(false, text)
      }
      utterance.onerror = utterance.onend
      speaking = true
      onChange(true, text)
      window.speechSynthesis.speak(utterance)
    },
    stop,
  }
}
