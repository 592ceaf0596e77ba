import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRecords, emptyRecords, locateInJson, parentsFirst, rewireRecords } from './catalogue-io';
import { csvField, parseCsvRecords, parseCsvTable, toCsv } from './csv';
import { ImportFileError, planImport } from './import-plan';
import { menuRecords } from './menu-copy';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and drops a BOM', () => {
    const text = '\uFEFFName,Note\r\n"Soup, hot","He said ""hi""\nagain"\nBread,\n';
    expect(parseCsvRecords(text)).toEqual([
      ['Name', 'Note'],
      ['Soup, hot', 'He said "hi"\nagain'],
      ['Bread', ''],
    ]);
  });

  it('numbers rows as a spreadsheet does (header is row 1) and skips blank lines', () => {
    expect(parseCsvTable('A,B\n1,2\n\n3,4').rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 4, cells: ['3', '4'] },
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsvRecords('A\n"open')).toThrow('The file has a quoted field that is never closed');
  });

  it('writes fields a spreadsheet reads back, and defuses formulas but not negative numbers', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-2.50')).toBe('-2.50');
    expect(parseCsvRecords(toCsv(['A', 'B'], [['x, y', 'line\nbreak']]))).toEqual([
      ['A', 'B'],
      ['x, y', 'line\nbreak'],
    ]);
  });
});

describe('checking records', () => {
  it('keeps references inside the file, drops missing tags with a warning, refuses missing modifier groups', () => {
    const records = emptyRecords();
    records.tags = [{ tagId: 1, name: 'Vegan' }];
    records.items = [
      {
        itemId: 4,
        name: 'Soup',
        basePrice: 5,
        tagIds: [1, 9],
        modifierGroups: [{ modifierGroupId: 3, position: 0 }],
      },
    ];
    const checked = checkRecords(records, locateInJson);
    expect(checked.errors).toEqual([
      {
        row: null,
        column: 'items.0.modifierGroups.0.modifierGroupId',
        message: 'Modifier group with ID 3 not found',
      },
    ]);
    expect(checked.warnings).toEqual([
      { row: null, column: 'items.0.tagIds.1', message: 'Tag with ID 9 not found' },
    ]);
    expect(checked.records.items[0]!.tagIds).toEqual([1]);
  });

  it('refuses a cycle of parents and a duplicate id', () => {
    const records = emptyRecords();
    records.menuGroups = [
      { menuGroupId: 1, name: 'A', parentId: 2 },
      { menuGroupId: 2, name: 'B', parentId: 1 },
      { menuGroupId: 2, name: 'C' },
    ];
    const messages = checkRecords(records, locateInJson).errors.map((e) => e.message);
    expect(messages).toContain('Menu group ID 2 appears more than once');
    expect(messages).toContain('A menu group cannot be placed inside its own subgroups');
  });

  it('orders parents before children and rewires ids through the maps', () => {
    const groups = [
      { menuGroupId: 3, name: 'Child', parentId: 1, items: [{ itemId: 7, position: 0 }] },
      { menuGroupId: 1, name: 'Menu' },
    ];
    expect(parentsFirst(groups).map((g) => g.name)).toEqual(['Menu', 'Child']);
    const records = { ...emptyRecords(), menuGroups: groups };
    const maps = {
      ...Object.fromEntries(Object.keys(emptyRecords()).map((k) => [k, new Map()])),
      items: new Map([[7, 70]]),
      menuGroups: new Map([
        [1, 10],
        [3, 30],
      ]),
    } as unknown as Parameters<typeof rewireRecords>[1];
    const [child] = rewireRecords(records, maps).menuGroups;
    expect(child).toMatchObject({ menuGroupId: 30, parentId: 10, items: [{ itemId: 70, position: 0 }] });
  });
});

describe('planning an import', () => {
  it('names the row and the column of a Square row error with the catalogue message', () => {
    const plan = planImport('square', 'Item Name,Variation Name,Price\nSoup,Small,2\nSoup,Large,-3');
    expect(plan.errors).toEqual([{ row: 3, column: 'Price', message: 'Price cannot be negative' }]);
  });

  it('refuses a file that is not what it says', () => {
    expect(() => planImport('brigade', '[]')).toThrow(ImportFileError);
    expect(() => planImport('toast', 'Item,Price\nx,1')).toThrow('The file has no "Name" column');
  });
});

describe('the records of one menu', () => {
  it('takes the subtree, its items, their modifier groups and tags, and nothing else', () => {
    const all = emptyRecords();
    all.tags = [
      { tagId: 1, name: 'Used' },
      { tagId: 2, name: 'Unused' },
    ];
    all.modifierGroups = [{ modifierGroupId: 5, name: 'Sauces' }];
    all.items = [
      { itemId: 1, name: 'In', tagIds: [1], modifierGroups: [{ modifierGroupId: 5 }] },
      { itemId: 2, name: 'Out', tagIds: [2] },
    ];
    all.menuGroups = [
      { menuGroupId: 1, name: 'Lunch', parentId: 9 },
      { menuGroupId: 2, name: 'Mains', parentId: 1, items: [{ itemId: 1 }] },
      { menuGroupId: 3, name: 'Dinner', items: [{ itemId: 2 }] },
    ];
    const picked = menuRecords(all, 1)!;
    expect(picked.menuGroups.map((g) => [g.name, g.parentId])).toEqual([
      ['Lunch', null],
      ['Mains', 1],
    ]);
    expect(picked.items.map((i) => i.name)).toEqual(['In']);
    expect(picked.tags.map((t) => t.name)).toEqual(['Used']);
    expect(picked.modifierGroups).toHaveLength(1);
    expect(menuRecords(all, 99)).toBeUndefined();
  });
});

describe('any file', () => {
  it('refuses an id that cannot be read as text, with a row error (found by the property below)', () => {
    const content = JSON.stringify({
      format: 'brigade-catalogue',
      version: 1,
      items: [{ itemId: [{ toString: [] }] }],
      menuGroups: [],
      tags: [],
    });
    expect(() => planImport('brigade', content)).not.toThrow(TypeError);
  });

  it('is either planned or refused as a file, never a crash (so never a 500)', () => {
    const record = fc.dictionary(
      fc.constantFrom(
        'itemId',
        'name',
        'basePrice',
        'tagIds',
        'items',
        'parentId',
        'menuGroupId',
        'modifierGroups',
        'sizePrice',
      ),
      fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.oneof(fc.integer(), fc.object()))),
    );
    const document = fc.record({
      format: fc.constant('brigade-catalogue'),
      version: fc.constant(1),
      items: fc.array(record, { maxLength: 5 }),
      menuGroups: fc.array(record, { maxLength: 5 }),
      tags: fc.array(record, { maxLength: 3 }),
    });
    const attempt = (source: 'brigade' | 'square' | 'toast', content: string) => {
      try {
        planImport(source, content);
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
      }
    };
    fc.assert(
      fc.property(document, (file) => attempt('brigade', JSON.stringify(file))),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.constantFrom<'square' | 'toast'>('square', 'toast'), fc.string(), (source, tail) =>
        attempt(source, `Item Name,Name,Price,Size,Entity type,Categories\n${tail}`),
      ),
      { numRuns: 100 },
    );
  }, 30_000);
});
