'use client';
import { useEffect } from 'react';
import * as tw from 'tensorwise';
import { check } from '../src/app.js';

export default function Client() {
  useEffect(() => {
    check(tw).then(
      (result) => Object.assign(window, { result, done: true }),
      (error) => { window.failed = String(error?.stack ?? error); },
    );
  }, []);
  return null;
}
