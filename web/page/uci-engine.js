// uci-engine.js - TECH as a UCI engine in a Web Worker (tech.js): lines posted in, lines posted
// back, as a web GUI talks to any UCI engine built for the browser. `log` keeps the lines sent
// ('> go ...') and received ('< bestmove ...'), but TECH's many `info` lines, for the page's tests.

export class UciEngine {
  constructor(script) {
    this.worker = new Worker(script);
    this.listeners = [];
    this.log = [];
    this.worker.onmessage = (event) => {
      const line = String(event.data);
      if (!line.startsWith('info ')) this.log.push(`< ${line}`);
      this.listeners.slice().forEach((listener) => listener(line));
    };
  }

  send(line) {
    this.log.push(`> ${line}`);
    this.worker.postMessage(line);
  }

  // Call `listener` with every line TECH writes.
  onLine(listener) {
    this.listeners.push(listener);
  }

  // The first line from now on that starts with `word`, once `command` (if any) is sent.
  waitFor(word, command) {
    return new Promise((resolve) => {
      const listener = (line) => {
        if (line !== word && !line.startsWith(word + ' ')) return;
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(line);
      };
      this.listeners.push(listener);
      if (command) this.send(command);
    });
  }

  // The `uci` handshake: the options TECH declares, by name ({type, default, min, max}).
  async handshake() {
    const options = {};
    const collect = (line) => {
      const found = line.match(/^option name (.+?) type (\S+)(?: default (.*?))?(?: min (-?\d+) max (-?\d+))?(?: var .*)?$/);
      if (found) {
        options[found[1]] = {type: found[2], default: found[3], min: Number(found[4]), max: Number(found[5])};
      }
    };
    this.onLine(collect);
    await this.waitFor('uciok', 'uci');
    this.listeners.splice(this.listeners.indexOf(collect), 1);
    return options;
  }
}
