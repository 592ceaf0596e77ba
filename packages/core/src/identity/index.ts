/**
 * Identity's face to the other areas of core (issue 49 §1; docs/architecture.md): users and sessions, password
 * and token hashing, the attempt throttle, and the mail and text outboxes other areas write to.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { createUserAsAdmin } from './admin-users-service';
export { refuseCommonPassword } from './common-passwords';
export type { Mail, Mailer } from './mailer';
export { deleteOldOutboxEmails, insertOutboxEmail } from './outbox-repository';
export { hashPassword, hashToken, randomToken } from './secrets';
export { deleteExpiredCredentials, type ExpiredCredentials } from './session-repository';
export { type ClientInfo, type IssuedSession, startSession } from './session-service';
export { deleteOldOutboxTexts, insertOutboxText } from './text-outbox';
export {
  clearKeys,
  countAttempt,
  deleteStaleAttempts,
  RateLimitedError,
  reserveAttempt,
  takeAttemptOrRefuse,
} from './throttle';
export { findCredentials, findUserByUid, insertUser, upsertAssignment } from './user-repository';
