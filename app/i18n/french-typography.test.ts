import { describe, expect, it } from 'vitest'
import { frenchTypographyIssues, NBSP, NNBSP, withFrenchTypography } from './french-typography.ts'
import { resources } from './i18n.server.ts'

type Tree = { [key: string]: string | Tree }
const entriesOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as [string, string]] : entriesOf(value, `${prefix}${key}.`)))

describe('French typography (ADR 104)', () => {
  it('finds a plain space, or none, before ":" ";" "?" "!" and inside « »', () => {
    const found = (text: string) => frenchTypographyIssues(text).map((i) => i.expected)
    expect(found('Lieu : Cathédrale')).toEqual(['U+00A0 before ":"'])
    expect(found('Lieu: Cathédrale')).toEqual(['U+00A0 before ":"'])
    expect(found('Oublié ?')).toEqual(['U+202F before "?"'])
    expect(found('Merci! Et ensuite;')).toEqual(['U+202F before "!"', 'U+202F before ";"'])
    expect(found('Supprimer « Vieille ville » ?')).toEqual(['U+202F before "?"', 'U+202F after "«"', 'U+202F before "»"'])
    // The narrow space where the wide one belongs, and the other way round.
    expect(found(`Lieu${NNBSP}: x`)).toEqual(['U+00A0 before ":"'])
    expect(found(`Oublié${NBSP}?`)).toEqual(['U+202F before "?"'])
  })

  it('takes the right spaces, and marks that are not punctuation, as they are', () => {
    for (const text of [
      `Lieu${NBSP}: {{name}}`,
      `Oublié${NNBSP}?`,
      `Vraiment${NNBSP}?!`,
      `Supprimer «${NNBSP}{{name}}${NNBSP}»${NNBSP}?`,
      // Times, ratios, coordinate systems, addresses, query strings, placeholders.
      'Ouvert de 10:00 à 18:30.',
      'Carte au 1:25 000, en EPSG:4326.',
      `Par exemple https://api.openai.com/v1 ou mailto:a@b.ch${NNBSP};`,
      'La page /map?panel=qr&route=1 et {{a}}:{{b}} et $t(key:sub)',
    ])
      expect([text, frenchTypographyIssues(text)]).toEqual([text, []])
  })

  it('puts a message in French typography, leaving placeholders and addresses alone', () => {
    expect(withFrenchTypography('Lieu : {{name}}')).toBe(`Lieu${NBSP}: {{name}}`)
    expect(withFrenchTypography('Lieu: {{name}}')).toBe(`Lieu${NBSP}: {{name}}`)
    expect(withFrenchTypography('Supprimer « {{name}} » ?')).toBe(`Supprimer «${NNBSP}{{name}}${NNBSP}»${NNBSP}?`)
    expect(withFrenchTypography('{{name}}: ok ; voir https://x.ch/a?b=1 !')).toBe(`{{name}}${NBSP}: ok${NNBSP}; voir https://x.ch/a?b=1${NNBSP}!`)
    expect(withFrenchTypography('À 10:00  ? Non !')).toBe(`À 10:00${NNBSP}? Non${NNBSP}!`)
    const right = `Lieu${NBSP}: «${NNBSP}x${NNBSP}»`
    expect(withFrenchTypography(right)).toBe(right)
  })

  it('holds for every French message', () => {
    const issues = entriesOf(resources.fr.translation as Tree).flatMap(([key, text]) => frenchTypographyIssues(text).map((i) => `${key}: ${JSON.stringify(i.found)} wants ${i.expected}`))
    // `npx tsx scripts/french-typography.ts` fixes them.
    expect(issues).toEqual([])
  })
})
