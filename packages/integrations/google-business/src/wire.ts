import { starRatingToNumber } from '@brigade/domain/listing/review';
import { z } from 'zod';

/** Google's answers, read leniently: unknown fields ignored, optional ones optional. */

export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

const nextPageToken = z.string().optional();
const pageOf = <T>(items: T[], token: string | undefined): Page<T> => ({
  items,
  ...(token ? { nextPageToken: token } : {}),
});

export const wireAccountSchema = z.object({
  name: z.string().startsWith('accounts/'),
  accountName: z.string().optional(),
  type: z.string().optional(),
  role: z.string().optional(),
  verificationState: z.string().optional(),
});
export type GoogleAccount = z.infer<typeof wireAccountSchema>;

export const wireAccountsSchema = z
  .object({ accounts: z.array(wireAccountSchema).default([]), nextPageToken })
  .transform((answer) => pageOf(answer.accounts, answer.nextPageToken));

export const wireLocationSchema = z.object({
  name: z.string().startsWith('locations/'),
  title: z.string().optional(),
  storefrontAddress: z.record(z.string(), z.unknown()).optional(),
  phoneNumbers: z.object({ primaryPhone: z.string().optional() }).loose().optional(),
  categories: z.record(z.string(), z.unknown()).optional(),
  regularHours: z.record(z.string(), z.unknown()).optional(),
  websiteUri: z.string().optional(),
  profile: z.object({ description: z.string().optional() }).loose().optional(),
  latlng: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  openInfo: z.record(z.string(), z.unknown()).optional(),
  metadata: z
    .object({
      placeId: z.string().optional(),
      mapsUri: z.string().optional(),
      newReviewUri: z.string().optional(),
    })
    .loose()
    .optional(),
});
export type BusinessLocation = z.infer<typeof wireLocationSchema>;

/** Google's time of day: `{}` is midnight; a closing time may be `{hours: 24}`. */
export interface TimeOfDay {
  hours?: number;
  minutes?: number;
}

/** A period of regular hours: opens on a day at a time, closes on a day (the next, past midnight) at a time. */
export interface TimePeriod {
  openDay: string;
  openTime: TimeOfDay;
  closeDay: string;
  closeTime: TimeOfDay;
}

/** The location fields Brigade writes (Business Information API v1 names and shapes). */
export interface LocationUpdate {
  title?: string;
  profile?: { description: string };
  phoneNumbers?: { primaryPhone: string };
  websiteUri?: string;
  regularHours?: { periods: TimePeriod[] };
}

export const wireLocationsSchema = z
  .object({ locations: z.array(wireLocationSchema).default([]), nextPageToken })
  .transform((answer) => pageOf(answer.locations, answer.nextPageToken));

export const wireReviewReplySchema = z.object({ comment: z.string(), updateTime: z.string().optional() });

const wireReviewSchema = z
  .object({
    name: z.string(),
    reviewId: z.string(),
    reviewer: z
      .object({
        displayName: z.string().optional(),
        profilePhotoUrl: z.string().optional(),
        isAnonymous: z.boolean().optional(),
      })
      .default({}),
    starRating: z.string(),
    comment: z.string().optional(),
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
    reviewReply: wireReviewReplySchema.optional(),
  })
  .transform((review, ctx) => {
    const rating = starRatingToNumber(review.starRating);
    if (rating === undefined) {
      ctx.addIssue({ code: 'custom', message: 'unknown starRating' });
      return z.NEVER;
    }
    return { ...review, rating };
  });
export type GoogleReview = z.output<typeof wireReviewSchema>;

export interface ReviewsPage extends Page<GoogleReview> {
  averageRating?: number;
  totalReviewCount?: number;
  /** Reviews of the page that could not be read (a STAR_RATING_UNSPECIFIED, a missing id): left out. */
  unreadable?: number;
}

/**
 * A page of reviews: one review Brigade cannot read (Google's STAR_RATING_UNSPECIFIED, say) is left out and
 * counted, so it does not cost the page's other reviews.
 */
export const wireReviewsSchema = z
  .object({
    reviews: z.array(z.unknown()).default([]),
    averageRating: z.number().optional(),
    totalReviewCount: z.number().int().optional(),
    nextPageToken,
  })
  .transform((answer): ReviewsPage => {
    const read = answer.reviews.map((review) => wireReviewSchema.safeParse(review));
    const reviews = read.flatMap((result) => (result.success ? [result.data] : []));
    const unreadable = read.length - reviews.length;
    return {
      ...pageOf(reviews, answer.nextPageToken),
      ...(answer.averageRating === undefined ? {} : { averageRating: answer.averageRating }),
      ...(answer.totalReviewCount === undefined ? {} : { totalReviewCount: answer.totalReviewCount }),
      ...(unreadable > 0 ? { unreadable } : {}),
    };
  });
