// Phone numbers as the profile shows them.
import { describe, expect, it } from 'vitest';
import { basisPointsPercent, phoneNumber } from './format.js';

describe('phoneNumber', () => {
  it('groups a North American number after +1', () => {
    expect(phoneNumber('+1', '5125550141')).toBe('+1 (512) 555-0141');
  });

  it('leaves any other number as stored, after its code', () => {
    expect(phoneNumber('+91', '9876543210')).toBe('+91 9876543210');
    // Not ten digits: nothing to group.
    expect(phoneNumber('+1', '5550141')).toBe('+1 5550141');
  });
});

describe('basisPointsPercent', () => {
  it('shows a fee or a coupon share as people write a percentage', () => {
    expect(basisPointsPercent(1000)).toBe('10%');
    expect(basisPointsPercent(1250)).toBe('12.5%');
    expect(basisPointsPercent(5)).toBe('0.05%');
    expect(basisPointsPercent(0)).toBe('0%');
  });
});
