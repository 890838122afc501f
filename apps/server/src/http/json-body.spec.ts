import { BodyNotJsonError, BodyRefusedError, bodyKindProblem, parseJsonBody, requireJson } from './json-body';
import { etagMatches } from './fastify';

const parse = (text: string) => parseJsonBody(Buffer.from(text, 'utf8'));

describe('parseJsonBody', () => {
  it('parses objects and arrays; an empty body is {}', () => {
    expect(parse('{"type":"EndTurn","n":[1,{"a":"é"}]}')).toEqual({ type: 'EndTurn', n: [1, { a: 'é' }] });
    expect(parse('  [1]')).toEqual([1]);
    expect(parse('')).toEqual({});
    expect(parse(' \n')).toEqual({});
  });

  it.each(['"text"', '5', 'null', 'true', '{"a":', '{a:1}'])('refuses %s as not a JSON object', (text) => {
    expect(() => parse(text)).toThrow(BodyNotJsonError);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s at any depth, spelt plainly or with escapes', (key) => {
    const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    for (const text of [`{"${key}":1}`, `{"a":[{"b":{"${key}":{}}}]}`, `{"${escaped}":1}`]) {
      expect(() => parse(text)).toThrow(BodyRefusedError);
      expect(() => parse(text)).toThrow(key);
    }
    // The word as a value is fine.
    expect(parse(`{"a":"${key}"}`)).toEqual({ a: key });
  });

  it('refuses nesting deeper than 32, counting brackets outside strings only', () => {
    expect(() => parse(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`)).toThrow(/deeper than 32/);
    expect(parse(`{"a":"${'['.repeat(40)}"}`)).toEqual({ a: '['.repeat(40) });
  });
});

describe('requireJson', () => {
  it('lets reads and JSON (or JSON lines) writes through; refuses other writes', () => {
    expect(requireJson({ method: 'GET', headers: {} })).toBeUndefined();
    expect(requireJson({ method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' } })).toBeUndefined();
    expect(requireJson({ method: 'POST', headers: { 'content-type': 'application/merge-patch+json' } })).toBeUndefined();
    expect(requireJson({ method: 'POST', headers: { 'content-type': 'application/x-ndjson' } })).toBeUndefined();
    expect(requireJson({ method: 'POST', headers: { 'content-type': 'text/plain' } })?.slug).toBe('send-json');
    expect(requireJson({ method: 'PATCH', headers: {} })?.slug).toBe('send-json');
  });
});

describe('bodyKindProblem', () => {
  const as = (contentType?: string) => ({ headers: contentType === undefined ? {} : { 'content-type': contentType } });

  it('refuses JSON lines (415) where the route reads JSON', () => {
    for (const type of ['application/x-ndjson', 'application/ndjson; charset=utf-8', 'Application/JSONL']) {
      expect(bodyKindProblem(as(type), 'json')).toMatchObject({ status: 415, slug: 'unsupported-media-type' });
    }
    expect(bodyKindProblem(as('application/json'), 'json')).toBeUndefined();
    expect(bodyKindProblem(as(), 'json')).toBeUndefined();
  });

  it('refuses JSON (400) where the route reads JSON lines', () => {
    expect(bodyKindProblem(as('application/json'), 'ndjson')).toMatchObject({ status: 400, message: expect.stringMatching(/x-ndjson/) });
    expect(bodyKindProblem(as('application/x-ndjson'), 'ndjson')).toBeUndefined();
  });
});

describe('etagMatches', () => {
  it('matches a tag in an If-None-Match list, weak or strong, or *', () => {
    expect(etagMatches('"5"', '"5"')).toBe(true);
    expect(etagMatches('W/"5"', '"5"')).toBe(true);
    expect(etagMatches('"4", "5"', '"5"')).toBe(true);
    expect(etagMatches('*', '"5"')).toBe(true);
    expect(etagMatches('"4"', '"5"')).toBe(false);
    expect(etagMatches('"5-revealed"', '"5"')).toBe(false);
  });
});
