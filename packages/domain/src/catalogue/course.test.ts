import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { courseSchema, createCourseInputSchema, updateCourseInputSchema } from './course';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createCourseInputSchema', () => {
  it('refuses a blank name', () => {
    expect(messages(createCourseInputSchema.safeParse({ name: ' ' }))).toEqual([
      ['name', 'Course name cannot be empty'],
    ]);
  });

  it('accepts a name with optional courseId and guid', () => {
    expect(createCourseInputSchema.parse({ name: 'Starters' })).toEqual({ name: 'Starters' });
    const guid = randomUUID();
    expect(createCourseInputSchema.parse({ name: 'Starters', courseId: 2, guid })).toEqual({
      name: 'Starters',
      courseId: 2,
      guid,
    });
  });
});

describe('courseSchema', () => {
  it('requires a positive courseId', () => {
    const result = courseSchema.safeParse({
      courseId: 0,
      guid: randomUUID(),
      name: 'Mains',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(messages(result)).toEqual([['courseId', 'Course ID must be a positive integer']]);
  });

  it('refuses a guid that is not a UUID', () => {
    const result = courseSchema.safeParse({
      courseId: 1,
      guid: 'abc',
      name: 'Mains',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(messages(result)).toEqual([['guid', 'Invalid GUID format']]);
  });
});

describe('updateCourseInputSchema', () => {
  it('accepts a partial change and still checks the name', () => {
    expect(updateCourseInputSchema.parse({ description: 'Small plates' })).toEqual({
      description: 'Small plates',
    });
    expect(messages(updateCourseInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Course name cannot be empty'],
    ]);
  });
});
