import { z } from 'zod';

/*
 * Imported first by every app's entry (decision 017). Zod 4 compiles object parsers with `new Function`
 * when it may, and finds out whether it may by trying once: under the apps' Content-Security-Policy (no
 * 'unsafe-eval') the try is refused, and although zod catches the error, the browser reports a policy
 * violation. Parsing without compiled code is fast enough for forms; the violation reports stay meaningful.
 */
z.config({ jitless: true });
