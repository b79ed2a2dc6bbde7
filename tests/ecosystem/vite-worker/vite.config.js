// The one setting a worker with top-level await needs: Vite's default worker format is 'iife'.
export default { worker: { format: 'es' } };
