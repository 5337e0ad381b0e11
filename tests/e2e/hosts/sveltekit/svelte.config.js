// Server-rendered by SvelteKit's Node adapter (`vite build`, then `node build`). adapter-node refuses
// a form's post to the app (403) unless it knows its own origin: ORIGIN in the environment.
import adapter from '@sveltejs/adapter-node';

export default { kit: { adapter: adapter() } };
