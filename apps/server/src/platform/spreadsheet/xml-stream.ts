import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { badRequest } from '../errors.ts';
import { XmlByteGuard, XmlGuardError, type XmlGuardLimits } from './xml-guard.ts';
import { asRefusal } from './zip-archive.ts';

/** SAX events with namespace prefixes dropped from element names (`x:row` is `row`). */
export type XmlHandlers = {
  open(name: string, attrs: Readonly<Record<string, string>>): void;
  close(name: string): void;
  text(text: string): void;
};

export type XmlStreamOptions = {
  guard: XmlGuardLimits;
  messages: { notXlsx: string; cellTooLong: string };
};

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Feeds an XML part through the byte guard and the SAX parser; yields after each chunk so the caller
 * can hand on what the handlers gathered, or stop reading (returning closes the part's stream).
 */
export async function* streamXml(source: AsyncIterable<Buffer>, handlers: XmlHandlers, o: XmlStreamOptions): AsyncGenerator<void> {
  const guard = new XmlByteGuard(o.guard);
  const decoder = new StringDecoder('utf8');
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  parser.on('text', (t) => handlers.text(t));
  parser.on('cdata', (t) => handlers.text(t));
  try {
    for await (const chunk of source) {
      guard.check(chunk);
      parser.write(decoder.write(chunk));
      yield;
    }
    parser.write(decoder.end()).close();
  } catch (err) {
    if (err instanceof XmlGuardError) throw badRequest(err.reason === 'text' ? o.messages.cellTooLong : o.messages.notXlsx);
    throw asRefusal(err, o.messages.notXlsx);
  }
}

/** The attribute whose name, without its prefix, is `local` (`r:id` for `id`). */
export function prefixedAttr(attrs: Readonly<Record<string, string>>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attrs)) if (name !== local && localName(name) === local) return value;
  return attrs[local];
}
