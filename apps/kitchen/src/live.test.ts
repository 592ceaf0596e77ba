import { describe, expect, it } from 'vitest';
import { takeEvents } from './live';

describe("the kitchen display's live stream reader", () => {
  it('names each whole event and keeps a part that has not ended for the next chunk', () => {
    const first = takeEvents(
      'event: ready\ndata: {"listening":true}\n\n: keep-alive\n\nevent: change\ndata: {"orde',
    );
    expect(first).toEqual({ events: ['ready'], rest: 'event: change\ndata: {"orde' });
    const second = takeEvents(`${first.rest}rId":7}\n\n`);
    expect(second).toEqual({ events: ['change'], rest: '' });
  });

  it('reads events whose lines end with CRLF, and a comment alone is no event', () => {
    expect(takeEvents('event: change\r\ndata: {}\r\n\r\n: keep-alive\r\n\r\n')).toEqual({
      events: ['change'],
      rest: '',
    });
  });
});
