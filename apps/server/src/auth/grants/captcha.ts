import { signInWithPassword } from './password';
import type { Grant } from './types';

/** grant_type=captcha: phone and password with a solved graphic captcha, always. */
export const captchaGrant: Grant = (input) => signInWithPassword(input, 'always');
