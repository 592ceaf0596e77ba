import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialBundle } from './bundles.bench';

describe('initialBundle', () => {
  it('counts the entry script, its modulepreloads and stylesheets, not lazy chunks or other origins', () => {
    const dist = mkdtempSync(join(tmpdir(), 'brigade-bundle-'));
    mkdirSync(join(dist, 'assets'));
    const entry = 'console.log("entry");'.repeat(50);
    const vendor = 'export const react = 1;'.repeat(80);
    writeFileSync(join(dist, 'assets/index-a.js'), entry);
    writeFileSync(join(dist, 'assets/vendor-b.js'), vendor);
    writeFileSync(join(dist, 'assets/lazy-c.js'), 'x'.repeat(10_000));
    const app = 'import{a}from"./vendor-b.js";import"./shared-e.js";const r=()=>import("./lazy-c.js");';
    const shared = 'export const shared = 1;'.repeat(20);
    writeFileSync(join(dist, 'assets/app-f.js'), app);
    writeFileSync(join(dist, 'assets/shared-e.js'), shared);
    writeFileSync(join(dist, 'assets/index-d.css'), 'body{color:red}');
    writeFileSync(
      join(dist, 'index.html'),
      `<html><head>
<script type="module" crossorigin src="/manage/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/manage/assets/vendor-b.js">
<link rel="stylesheet" crossorigin href="/manage/assets/index-d.css">
<link rel="icon" href="/favicon.svg">
<script src="https://cdn.example.com/other.js"></script>
</head></html>`,
    );
    const bundle = initialBundle(dist, '/manage/');
    expect(bundle.files.sort()).toEqual(['assets/index-a.js', 'assets/index-d.css', 'assets/vendor-b.js']);
    expect(bundle.jsBytes).toBe(entry.length + vendor.length);
    expect(bundle.jsGzip).toBe(gzipSync(entry, { level: 9 }).length + gzipSync(vendor, { level: 9 }).length);
    expect(bundle.cssGzip).toBe(gzipSync('body{color:red}', { level: 9 }).length);

    // a chunk imported at start-up counts, with its static imports, but not what it imports lazily
    const booted = initialBundle(dist, '/manage/', ['app']);
    expect(booted.files.sort()).toEqual([
      'assets/app-f.js',
      'assets/index-a.js',
      'assets/index-d.css',
      'assets/shared-e.js',
      'assets/vendor-b.js',
    ]);
    expect(booted.jsBytes).toBe(entry.length + vendor.length + app.length + shared.length);
  });
});
