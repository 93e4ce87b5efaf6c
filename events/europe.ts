// The war in Europe as a whole (55.21, 56.21).
import { Strict, Turn } from '../src/schema/types.js';
import { Type } from '@sinclair/typebox';
import { defineEvent } from './registry.js';

export const europeWarEnded = defineEvent('europe.war-ended', {
  version: 1,
  source: 'engine',
  rules: ['55.21', '56.21'],
  summary: 'The war in Europe ended: the second of Germany and Italy surrendered, or Germany did and Italy never went to war.',
  schema: Strict({ turn: Turn, rule: Type.Union([Type.Literal('55.21'), Type.Literal('56.21')]), reason: Type.String() }),
});

export const europeEvents = [europeWarEnded] as const;
