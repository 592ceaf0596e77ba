import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createJobTitleInputSchema, jobTitleSchema, updateJobTitleInputSchema } from './job-title';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createJobTitleInputSchema', () => {
  it('fills the spec defaults, with jobId 0 before generation', () => {
    expect(createJobTitleInputSchema.parse({ title: 'Server' })).toEqual({
      title: 'Server',
      jobId: 0,
      color: '#000000',
      defaultWage: 0,
      isActive: true,
      updatedBy: 'System',
    });
  });

  it("refuses a missing or blank title with the spec's message", () => {
    expect(messages(createJobTitleInputSchema.safeParse({}))).toEqual([['title', 'Job title is required']]);
    expect(messages(createJobTitleInputSchema.safeParse({ title: ' ' }))).toEqual([
      ['title', 'Job title is required'],
    ]);
  });

  it('refuses a negative default wage', () => {
    expect(messages(createJobTitleInputSchema.safeParse({ title: 'Server', defaultWage: -1 }))).toEqual([
      ['defaultWage', 'Default wage cannot be negative'],
    ]);
  });
});

describe('jobTitleSchema', () => {
  it('requires a generated jobId once stored', () => {
    const record = { title: 'Host', guid: randomUUID(), createdAt: new Date(), updatedAt: new Date() };
    expect(messages(jobTitleSchema.safeParse({ ...record, jobId: 0 }))).toEqual([
      ['jobId', 'Job ID must be a positive integer'],
    ]);
    expect(jobTitleSchema.parse({ ...record, jobId: 3 }).updatedBy).toBe('System');
  });
});

describe('updateJobTitleInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateJobTitleInputSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });
});
