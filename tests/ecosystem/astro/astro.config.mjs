// As `npx astro add preact` writes it.
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';

export default defineConfig({ integrations: [preact()] });
