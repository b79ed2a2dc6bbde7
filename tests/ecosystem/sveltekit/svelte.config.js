// As `npx sv create` writes it, with the Node adapter.
import adapter from '@sveltejs/adapter-node';

export default { kit: { adapter: adapter() } };
