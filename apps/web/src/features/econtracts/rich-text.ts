import type { TemplateParagraph } from '@wfsaas/contracts';

/**
 * The online editor's plain-text form of a rich-text template: one paragraph a line; a line starting
 * with "# " is a centred heading. Blank lines are dropped.
 */
export function parseParagraphs(text: string): TemplateParagraph[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => (l.startsWith('# ') ? { text: l.slice(2).trim(), heading: true, align: 'center' as const } : { text: l }));
}

export function paragraphsText(paragraphs: readonly TemplateParagraph[] | null | undefined): string {
  return (paragraphs ?? []).map((p) => (p.heading ? `# ${p.text}` : p.text)).join('\n');
}
