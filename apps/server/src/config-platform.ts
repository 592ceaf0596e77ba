import { DEFAULT_RESERVED_SUBDOMAINS } from '@brigade/domain/platform-domains';
import { z } from 'zod';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The names and addresses the platform keeps for itself (decision 040): the base domain of restaurant
 * subdomains and the labels under it that no restaurant may take; and the kitchen printers' port, with the
 * development switch that lets a printer be this machine (a printer emulator on localhost, the tests' TCP
 * receiver), which production refuses.
 */
export const platformEnvironment = {
  // Generated subdomains live under the configured base domain (issue 5).
  BRIGADE_BASE_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i,
      'must be a domain name such as sites.example.com',
    )
    .default('brigade.test'),
  // Replaces the built-in list; `www` stays reserved whatever it says.
  BRIGADE_RESERVED_SUBDOMAINS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((label) => label.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(LABEL, 'must be a comma-separated list of labels such as admin,api,mail'))
        .optional(),
    ),
  KITCHEN_PRINTER_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(1, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(9100),
  KITCHEN_PRINTER_ALLOW_LOCAL: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  // How long a cloud printer has to collect a document, and then to confirm it (decision 053).
  CLOUD_PRINT_COLLECT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(3600, 'must be at most 3600 seconds')
    .default(60),
};

type PlatformEnvironment = z.infer<z.ZodObject<typeof platformEnvironment>> & { NODE_ENV: string };

export function platformConfigOf(c: PlatformEnvironment) {
  return {
    baseDomain: c.BRIGADE_BASE_DOMAIN.toLowerCase(),
    reservedSubdomains: c.BRIGADE_RESERVED_SUBDOMAINS ?? [...DEFAULT_RESERVED_SUBDOMAINS],
    kitchenPrinterPort: c.KITCHEN_PRINTER_PORT,
    kitchenPrinterAllowLocal: c.KITCHEN_PRINTER_ALLOW_LOCAL,
    cloudPrintCollectSeconds: c.CLOUD_PRINT_COLLECT_SECONDS,
  };
}

/** What production refuses: a printer on the server's own machine would let tenants reach its services. */
export function platformProblems(c: PlatformEnvironment): string[] {
  return c.NODE_ENV === 'production' && c.KITCHEN_PRINTER_ALLOW_LOCAL
    ? ['  KITCHEN_PRINTER_ALLOW_LOCAL: must not be set in production']
    : [];
}
