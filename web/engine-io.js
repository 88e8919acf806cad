// engine-io.js - TECH's standard streams in WebAssembly, put before emscripten's own code in
// tech.js (emcc --pre-js). In a Web Worker, as web GUIs embed UCI engines: each message posted
// to the worker is input (a line, or several), and each line TECH writes is posted back as one
// string; `new Worker('tech.js?arg=bench')` gives TECH a command line (here `tech bench`), one
// `arg` a word. Under node, `node tech.js [ARGS]` is the program: stdin in, stdout out, its exit
// code.
// The bytes go to platform_web_input (platform/platform_web.c), where the engine's reader thread
// waits for them. In the engine's own threads (emscripten's pthread workers) nothing is done.

if (!Module['ENVIRONMENT_IS_PTHREAD']) {
  const inNode = typeof process === 'object' && typeof process.versions === 'object' &&
                 typeof process.versions.node === 'string';
  const pending = [];  // input that came before the runtime was ready
  let ready = false;

  // Copy bytes into the engine's memory and hand them over; null ends the input.
  const deliver = (bytes) => {
    if (bytes === null) {
      Module['_platform_web_input'](0, -1);
      return;
    }
    if (!bytes.length) return;
    const address = Module['_malloc'](bytes.length);
    new Uint8Array(wasmMemory.buffer, address, bytes.length).set(bytes);
    Module['_platform_web_input'](address, bytes.length);
    Module['_free'](address);
  };
  const input = (bytes) => {
    if (ready) deliver(bytes);
    else pending.push(bytes);
  };
  Module['onRuntimeInitialized'] = () => {
    ready = true;
    pending.splice(0).forEach(deliver);
  };

  if (inNode) {
    const fs = require('fs');
    // The wasm file beside this one (tech.wasm, tech-single.wasm), read at once (emscripten would
    // otherwise fetch it).
    const path = require('path');
    Module['wasmBinary'] = fs.readFileSync(path.join(__dirname, path.basename(__filename, '.js') + '.wasm'));
    Module['print'] = (line) => fs.writeSync(1, line + '\n');
    Module['printErr'] = (line) => fs.writeSync(2, line + '\n');
    // The machine's files at their own paths, as the native program sees them (an EPD suite, a
    // saved game, a figure written): each folder of the root mounted, the working folder kept;
    // and the environment (USER names the person in a saved game).
    Module['preRun'] = [() => {
      Object.assign(ENV, process.env);
      for (const entry of fs.readdirSync('/', {withFileTypes: true})) {
        const path = '/' + entry.name;
        if (!entry.isDirectory() || ['dev', 'proc', 'sys'].includes(entry.name)) continue;
        if (!FS.analyzePath(path).exists) FS.mkdir(path);
        FS.mount(NODEFS, {root: path}, path);
      }
      FS.chdir(process.cwd());
    }];
    process.stdin.on('data', (chunk) => input(new Uint8Array(chunk)));
    process.stdin.on('end', () => input(null));
  } else {
    const encoder = new TextEncoder();
    Module['arguments'] = new URLSearchParams(self.location.search).getAll('arg');
    Module['print'] = (line) => postMessage(line);
    Module['printErr'] = (line) => console.warn('TECH: ' + line);
    self.onmessage = (event) => {
      const text = String(event.data);
      input(encoder.encode(text.endsWith('\n') ? text : text + '\n'));
    };
  }
}
