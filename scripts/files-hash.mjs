// What decides whether a build is up to date (issue 20): the paths and contents of the files it was made
// from. Plain JavaScript, shared by the web builds (web-builds.ts) and the server's bundle
// (server-build.mjs), which start.mjs runs before anything is built.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * SHA-256 over `files` (paths relative to `root`, in the order given) and their contents, after `salt` (what
 * else the build depends on). A missing file counts, as missing.
 */
export async function hashFiles(root, files, salt = []) {
  const hash = createHash('sha256');
  for (const part of salt) hash.update(part);
  const contents = await Promise.all(files.map((file) => readFile(join(root, file)).catch(() => null)));
  files.forEach((file, index) => {
    const content = contents[index];
    // Lengths frame each part, so no two different sets of files hash alike.
    hash.update(`${file.length}:${file}\0${content ? content.length : -1}:`);
    if (content) hash.update(content);
  });
  return hash.digest('hex');
}
