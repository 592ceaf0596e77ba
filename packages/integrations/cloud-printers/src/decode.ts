/**
 * What a printer made of what it was sent, for tests and demos: the text (with line breaks), whether a line
 * was printed large, whether the paper was cut and which cash drawers were kicked.
 */
export interface PrintedOutput {
  text: string;
  large: boolean;
  cut: boolean;
  drawers: number[];
  qr: string[];
}

/** Each StarPRNT command the receipt encoder writes, by its leading bytes, and how long it is. */
function starCommandLength(bytes: Uint8Array, i: number, out: PrintedOutput): number {
  const b1 = bytes[i + 1];
  const b2 = bytes[i + 2];
  if (b1 === 0x40 || b1 === 0x45 || b1 === 0x46 || b1 === 0x34 || b1 === 0x35) return 2; // init, bold, highlight
  if (b1 === 0x2d) return 3; // underline
  if (b1 === 0x64) {
    out.cut = true; // ESC d n: cut
    return 3;
  }
  if (b1 === 0x69) {
    if ((bytes[i + 2] ?? 0) > 0 || (bytes[i + 3] ?? 0) > 0) out.large = true; // ESC i n1 n2: size
    return 4;
  }
  if (b1 === 0x07) {
    const fire = bytes[i + 4]; // ESC BEL n1 n2, then BEL (drawer 1) or SUB (drawer 2)
    if (fire === 0x07) out.drawers.push(1);
    if (fire === 0x1a) out.drawers.push(2);
    return fire === 0x07 || fire === 0x1a ? 5 : 4;
  }
  if (b1 === 0x1d && b2 === 0x79) return qrLength(bytes, i, out);
  if (b1 === 0x1d) return 4; // ESC GS t n (code page), ESC GS a n (align), ESC GS P n
  return 2;
}

function qrLength(bytes: Uint8Array, i: number, out: PrintedOutput): number {
  const kind = bytes[i + 3];
  if (kind === 0x53) return 6; // ESC GS y S x n: model, size, level
  if (kind === 0x44) {
    const length = (bytes[i + 6] ?? 0) + (bytes[i + 7] ?? 0) * 256; // ESC GS y D 1 m nL nH data
    out.qr.push(Buffer.from(bytes.subarray(i + 8, i + 8 + length)).toString('latin1'));
    return 8 + length;
  }
  return 4; // ESC GS y P: print it
}

/** Reads StarPRNT (application/vnd.star.starprnt) as a Star printer would print it. */
export function decodeStarPrnt(bytes: Uint8Array): PrintedOutput {
  const out: PrintedOutput = { text: '', large: false, cut: false, drawers: [], qr: [] };
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b === 0x1b) {
      i += starCommandLength(bytes, i, out);
      continue;
    }
    if (b === 0x0a) out.text += '\n';
    else if (b === 0xc4)
      out.text += '-'; // the box-drawing rule of the encoder's code page
    else if (b >= 0x20 && b < 0x7f) out.text += String.fromCharCode(b);
    i += 1;
  }
  return out;
}

const unescapeXml = (value: string) =>
  value
    .replace(/&#10;/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads an ePOS-Print `<epos-print>` document as an Epson TM printer would print it. */
export function decodeEposPrint(xml: string): PrintedOutput {
  const out: PrintedOutput = { text: '', large: false, cut: false, drawers: [], qr: [] };
  for (const match of xml.matchAll(/<(text|cut|pulse|feed|symbol)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g)) {
    const [, element, attributes = '', , content] = match;
    if (element === 'text') {
      if (/\b(dw|dh)="true"/.test(attributes)) out.large = true;
      if (content !== undefined) out.text += unescapeXml(content);
    } else if (element === 'cut') out.cut = true;
    else if (element === 'feed') out.text += '\n'.repeat(Number(/line="(\d+)"/.exec(attributes)?.[1] ?? 1));
    else if (element === 'pulse') out.drawers.push(attributes.includes('drawer_2') ? 2 : 1);
    else if (element === 'symbol' && content !== undefined) out.qr.push(unescapeXml(content));
  }
  return out;
}
