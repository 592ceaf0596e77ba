// The parts of structured-data-testing-tool (sdtt, plain JavaScript) the crawler tests use.
declare module 'structured-data-testing-tool' {
  export interface SdttTest {
    test: string;
    description?: string;
    group?: string;
    error?: { message: string };
  }
  export interface SdttResult {
    passed: SdttTest[];
    failed: SdttTest[];
    warnings: SdttTest[];
    schemas: string[];
  }
  export interface SdttOptions {
    presets?: object[];
    schemas?: string[];
  }
  /** Resolves with the result when every test passes; rejects with `{ type, res }` when one fails. */
  export function structuredDataTestHtml(html: string, options?: SdttOptions): Promise<SdttResult>;
}
declare module 'structured-data-testing-tool/presets' {
  export const Google: object;
  export const Twitter: object;
  export const Facebook: object;
  export const SocialMedia: object;
}
