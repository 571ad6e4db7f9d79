import { describe, expect, it } from 'vitest';
import { placeOf, summarizeProfile } from '../src/cpuProfile.ts';

describe('cpu profile summary', () => {
  it('names the place of a function: a workspace, a package, Node or V8', () => {
    expect(placeOf('file:///work/main/engine/src/lot/decide.ts', 'decide')).toBe('engine');
    expect(placeOf('file:///work/main/node_modules/pg-protocol/dist/parser.js', 'parse')).toBe('pg-protocol');
    expect(placeOf('file:///work/main/node_modules/@fastify/jwt/jwt.js', 'verify')).toBe('@fastify/jwt');
    expect(placeOf('node:internal/streams/writable', 'write')).toBe('node:internal');
    expect(placeOf('', '(garbage collector)')).toBe('(garbage collector)');
  });

  it('adds the samples of each node as its self time', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
    const summary = summarizeProfile('p', {
      nodes: [
        { id: 1, callFrame: frame('(idle)', '') },
        { id: 2, callFrame: frame('decide', 'file:///x/engine/src/decide.ts') },
      ],
      samples: [1, 2, 2, 2],
      timeDeltas: [100, 100, 100, 100],
      startTime: 0,
      endTime: 400,
    });
    expect(summary.byPlace).toEqual([
      { place: 'engine', percent: 75 },
      { place: '(idle)', percent: 25 },
    ]);
    expect(summary.topFunctions[0]).toEqual({ name: 'decide src/decide.ts:1', percent: 75 });
  });

  it('counts only the samples inside the window', () => {
    const frame = (functionName: string) => ({ functionName, url: 'file:///x/api/src/a.ts', lineNumber: 0 });
    const summary = summarizeProfile(
      'p',
      {
        nodes: [
          { id: 1, callFrame: frame('setup') },
          { id: 2, callFrame: frame('bid') },
        ],
        samples: [1, 1, 2, 2],
        timeDeltas: [1000, 1000, 1000, 1000],
        startTime: 0,
        endTime: 4000,
      },
      { startUs: 2500, endUs: 4000 },
    );
    expect(summary.topFunctions.map((f) => f.name)).toEqual(['bid src/a.ts:1']);
  });
});
