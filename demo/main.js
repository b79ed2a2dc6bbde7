// The page's entry: loads the package's WebAssembly module, then wires the page (page.js) and
// shows it filled in one go, so that nothing on screen moves as it fills. Until then a line says
// the page is loading; if the module cannot load, that line says so, and why, for good.
import { init } from 'tensorwise';

const status = document.getElementById('status');
try {
  await init();
  const { start } = await import('./page.js');
  status.hidden = true;
  document.querySelector('main').hidden = false;
  start();
} catch (error) {
  status.className = 'status error';
  status.setAttribute('role', 'alert');
  status.textContent = `The page could not start: ${error?.message ?? error} Reload the page to try again.`;
  console.error(error);
}
