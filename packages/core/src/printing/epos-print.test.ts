import { describe, expect, it } from 'vitest';
import { eposDrawerKick, eposResults, eposTicket, escapeXml, printRequestInfo } from './epos-print';
import { stateOf } from './links';

/** Epson's ePOS-Print XML as Server Direct Print carries it (docs/behaviour/printing.md#what-the-printer-is-sent). */
describe('ePOS-Print documents', () => {
  it('escapes what XML cannot carry as text, and drops what it cannot carry at all', () => {
    expect(escapeXml(`Fish & "chips" <large>'s\u0007`)).toBe(
      'Fish &amp; &quot;chips&quot; &lt;large&gt;&apos;s',
    );
  });

  it('writes a ticket as text lines, double size for the title, and a cut', () => {
    const xml = eposTicket(
      {
        station: 'Grill',
        title: '#12 ASAP',
        lines: [{ text: '2 x Burger', details: ['Cheddar'] }],
        footer: ['Ada'],
      },
      { paperWidth: 'Narrow', kitchenTicketFontSize: 'Medium' },
    );
    expect(xml).toMatch(/^<epos-print xmlns="http:\/\/www\.epson-pos\.com\/schemas\/2011\/03\/epos-print">/);
    expect(xml).toContain('<text dw="true" dh="true"/><text>#12 ASAP&#10;</text>');
    expect(xml).toContain(`<text>${'-'.repeat(32)}&#10;</text>`);
    expect(xml).toContain('<text>   Cheddar&#10;</text>');
    expect(xml).toMatch(/<feed line="2"\/><cut type="feed"\/><\/epos-print>$/);
  });

  it('kicks one drawer, or both', () => {
    expect(eposDrawerKick(1)).toContain('<pulse drawer="drawer_1" time="pulse_100"/></epos-print>');
    expect(eposDrawerKick(2)).toContain(
      '<pulse drawer="drawer_1" time="pulse_100"/><pulse drawer="drawer_2" time="pulse_100"/>',
    );
  });

  it('wraps documents in a PrintRequestInfo with their print job ids', () => {
    const xml = printRequestInfo([{ token: 'abc123', body: '<epos-print/>' }]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<PrintRequestInfo Version="2.00"><ePOSPrint><Parameter>' +
        '<devid>local_printer</devid><timeout>10000</timeout><printjobid>abc123</printjobid></Parameter>' +
        '<PrintData><epos-print/></PrintData></ePOSPrint></PrintRequestInfo>',
    );
  });

  it('reads the results of a SetResponse, and nothing from what is not one', () => {
    const file =
      '<?xml version="1.0" encoding="UTF-8"?><PrintResponseInfo Version="2.00"><ePOSPrint><Parameter>' +
      '<devid>local_printer</devid><printjobid>A1</printjobid></Parameter><PrintResponse><response ' +
      'xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" success="true" code="" status="251658262" ' +
      'battery="0"/></PrintResponse></ePOSPrint><ePOSPrint><Parameter><devid>local_printer</devid>' +
      '<printjobid>B2</printjobid></Parameter><PrintResponse><response success="false" code="EPTR_REC_EMPTY" ' +
      'status="252641308" battery="0"/></PrintResponse></ePOSPrint></PrintResponseInfo>';
    expect(eposResults(file)).toEqual([
      { token: 'A1', success: true, code: '', status: '251658262' },
      { token: 'B2', success: false, code: 'EPTR_REC_EMPTY', status: '252641308' },
    ]);
    expect(eposResults('<PrintResponseInfo/>')).toEqual([]);
    expect(eposResults('not xml at all')).toEqual([]);
  });
});

describe("a printer's state from its status", () => {
  it('reads CloudPRNT codes and Epson error codes', () => {
    expect(stateOf(null)).toBe('unknown');
    expect(stateOf('200 OK')).toBe('online');
    expect(stateOf('211 Paper low')).toBe('online');
    expect(stateOf('OK')).toBe('online');
    expect(stateOf('410 Out of paper')).toBe('paper out');
    expect(stateOf('EPTR_REC_EMPTY')).toBe('paper out');
    expect(stateOf('420 Cover open')).toBe('cover open');
    expect(stateOf('EPTR_COVER_OPEN')).toBe('cover open');
    expect(stateOf('EX_TIMEOUT')).toBe('error');
  });
});
