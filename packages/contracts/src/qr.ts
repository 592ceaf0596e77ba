import { domainGuidSchema } from '@brigade/domain/domain-mapping';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * QR codes of a restaurant's public menu (issue 9 §5): staff print them for tables and windows. Public, as
 * the address they encode is: the primary domain mapping's `/menu` when usable, else an address public sites
 * answer (docs/behaviour/menu-display-and-qr.md#public-menu-link).
 */
const tags = ['public'];
const params = z.object({ restaurantGuid: domainGuidSchema });
const base = '/public/restaurants/{restaurantGuid}';

export const getPublicMenuLink = defineEndpoint({
  id: 'getPublicMenuLink',
  method: 'GET',
  path: `${base}/menu-link`,
  summary: "The public address of a restaurant's menu, and where its QR codes are",
  tags,
  access: { kind: 'public' },
  request: { params },
  response: {
    status: 200,
    description: 'The menu address',
    schema: successOf(z.object({ url: z.string(), restaurantName: z.string(), slug: z.string() })),
  },
  problems: [404],
});

export const getPublicMenuQr = defineEndpoint({
  id: 'getPublicMenuQr',
  method: 'GET',
  path: `${base}/menu-qr`,
  summary: "A QR code of the restaurant's public menu address, as SVG (default) or PNG",
  description:
    '`format` svg (image/svg+xml, scalable, for print) or png (image/png, `size` pixels square, 128–2048, ' +
    'default 512). `download=1` adds a Content-Disposition attachment header. Cached for 5 minutes.',
  tags,
  access: { kind: 'public' },
  request: {
    params,
    query: z.object({
      format: z.enum(['svg', 'png'], { error: 'format must be svg or png' }).default('svg'),
      size: z.coerce
        .number({ error: 'size must be a whole number from 128 to 2048' })
        .int('size must be a whole number from 128 to 2048')
        .min(128, 'size must be a whole number from 128 to 2048')
        .max(2048, 'size must be a whole number from 128 to 2048')
        .default(512),
      download: z.enum(['0', '1', 'true', 'false']).optional(),
    }),
  },
  response: { status: 200, description: 'The QR code image (image/svg+xml or image/png)' },
  problems: [404],
});
