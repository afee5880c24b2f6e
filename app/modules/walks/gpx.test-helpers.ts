// A tiny XML well-formedness check for the GPX tests (Node has no DOMParser): balanced tags,
// quoted attributes, and no bare "<" or "&" in text.

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y

export function assertWellFormedXml(xml: string): void {
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const stack: string[] = []
  let roots = 0
  while (rest.length > 0) {
    const lt = rest.indexOf('<')
    const text = lt === -1 ? rest : rest.slice(0, lt)
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bare & in text: ${text}`)
    if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text}`)
    if (lt === -1) break
    rest = rest.slice(lt)
    TAG.lastIndex = 0
    const match = TAG.exec(rest)
    if (!match) throw new Error(`malformed tag at: ${rest.slice(0, 40)}`)
    const [whole, closing, name, attrs, selfClosing] = match
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(attrs)) throw new Error(`bare & in attributes: ${attrs}`)
    if (closing) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`)
    } else if (!selfClosing) {
      if (stack.length === 0) roots++
      stack.push(name)
    } else if (stack.length === 0) roots++
    rest = rest.slice(whole.length)
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`)
  if (roots !== 1) throw new Error(`${roots} root elements`)
}
