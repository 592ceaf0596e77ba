import type { Context, Reply } from './emulator-answers';
import { bin, inquire, inquireByOrderid, inquireMerchant, sigcap, surcharge } from './emulator-lookups';
import { deleteProfile, getProfile, saveProfile } from './emulator-profiles';
import { funding, settlestat } from './emulator-settlement';
import { auth, capture, refund, voidByOrderId, voidByRetref } from './emulator-transactions';
import type { Endpoint } from './endpoints';

/** The emulator's route table: what answers each endpoint (endpoints.ts says which request is which). */

export interface RouteCall {
  /** The decoded path segments after the endpoint's base. */
  params: string[];
  query: Record<string, string>;
  body: Record<string, unknown>;
}

type Route = (ctx: Context, call: RouteCall) => Reply;

export const ROUTES: Record<Endpoint, Route> = {
  auth: (ctx, call) => auth(ctx, call.body),
  capture: (ctx, call) => capture(ctx, call.body),
  void: (ctx, call) => voidByRetref(ctx, call.body),
  voidByOrderId: (ctx, call) => voidByOrderId(ctx, call.body),
  refund: (ctx, call) => refund(ctx, call.body),
  inquire: (ctx, call) => inquire(ctx, call.params),
  inquireByOrderid: (ctx, call) => inquireByOrderid(ctx, call.params),
  inquireMerchant: (ctx, call) => inquireMerchant(ctx, call.params),
  funding: (ctx, call) => funding(ctx, call.query),
  settlestat: (ctx, call) => settlestat(ctx, call.query),
  surcharge: (ctx, call) => surcharge(ctx, call.query),
  bin: (ctx, call) => bin(ctx, call.params),
  sigcap: (ctx, call) => sigcap(ctx, call.body),
  getProfile: (ctx, call) => getProfile(ctx, call.params),
  saveProfile: (ctx, call) => saveProfile(ctx, call.body),
  deleteProfile: (ctx, call) => deleteProfile(ctx, call.params),
};

/** Endpoints the UAT system limits to 20 requests a minute per client address. */
export const RATE_LIMITED: readonly Endpoint[] = [
  'funding',
  'inquire',
  'settlestat',
  'getProfile',
  'saveProfile',
  'deleteProfile',
];
export const RATE_LIMIT_PER_MINUTE = 20;
