/**
 * The Python side of `python_execute`, shipped as a string and run with `python3 -c` so the
 * built CLI, the app and tests find it without resource paths.
 *
 * It runs as `<glassbox>` (see PYTHON_BOOTSTRAP) so tracebacks can leave its frames out.
 *
 * Protocol (one JSON object per line):
 * - fd 3 (Node → Python): `{"id": n, "code": "..."}`
 * - fd 4 (Python → Node): `{"type": "ready", "version": "3.x.y", "pid": n}` once, then per run
 *   `{"id": n, "type": "out", "stream": "stdout"|"stderr", "data": "..."}` chunks and one
 *   `{"id": n, "type": "done", "value": repr|null, "error": traceback|null, "interrupted": bool}`.
 * User code's `print` goes through sys.stdout/sys.stderr replaced by writers on fd 4, so the
 * order of stdout and stderr is kept; output written straight to fds 1/2 (subprocesses) comes
 * through the process's own pipes. SIGINT raises KeyboardInterrupt only while user code runs,
 * so an interrupt that arrives late can never break a frame.
 */
export const PYTHON_DRIVER = String.raw`
import ast, builtins, io, json, linecache, os, signal, sys, threading, time, traceback

_chan_in = os.fdopen(3, 'rb')
_chan_out_fd = 4
_executing = False
_current = None

_main_thread = threading.main_thread()
_main_sending = False
_pending_interrupt = False
_lock = threading.RLock()

def _send(msg):
    # Whole frames only: the lock keeps the flusher thread's frames apart from the main
    # thread's, and an interrupt arriving mid-write is held until the frame is out.
    global _main_sending, _pending_interrupt
    data = (json.dumps(msg) + '\n').encode('utf-8', 'replace')
    on_main = threading.current_thread() is _main_thread
    with _lock:
        if on_main:
            _main_sending = True
        try:
            while data:
                n = os.write(_chan_out_fd, data)
                data = data[n:]
        finally:
            if on_main:
                _main_sending = False
    if on_main and _pending_interrupt and _executing:
        _pending_interrupt = False
        raise KeyboardInterrupt

class _Writer(io.TextIOBase):
    """sys.stdout / sys.stderr while a cell runs: buffered, flushed in order on fd 4."""
    def __init__(self, name, fd):
        self._name = name
        self._fd = fd
        self._buf = []
        self._size = 0
        self._last = 0.0
    @property
    def encoding(self):
        return 'utf-8'
    @property
    def errors(self):
        return 'replace'
    def writable(self):
        return True
    def isatty(self):
        return False
    def fileno(self):
        # Code that hands sys.stdout to a subprocess gets the real pipe, which Node also reads.
        return self._fd
    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not ' + type(s).__name__)
        if not s:
            return 0
        with _lock:
            other = _stderr if self is _stdout else _stdout
            other._flush_locked()
            self._buf.append(s)
            self._size += len(s)
            # Batched (one frame per line is slow for big loops), but never held long: see
            # _flusher for quiet periods and _audit for subprocesses writing to the raw fds.
            if self._size >= 8192 or ('\n' in s and time.monotonic() - self._last >= 0.05):
                self._flush_locked()
        return len(s)
    def flush(self):
        with _lock:
            self._flush_locked()
    def _flush_locked(self):
        self._last = time.monotonic()
        if self._buf and _current is not None:
            data = ''.join(self._buf)
            self._buf = []
            self._size = 0
            _send({'id': _current, 'type': 'out', 'stream': self._name, 'data': data})

_stdout = _Writer('stdout', 1)
_stderr = _Writer('stderr', 2)

def _flush_all():
    with _lock:
        _stdout._flush_locked()
        _stderr._flush_locked()

_parent = os.getppid()

def _flusher():
    # Output of a cell that prints and then works for a while shows up within ~0.1 s.
    while True:
        time.sleep(0.1)
        if os.getppid() != _parent:
            # Glassbox died (even by SIGKILL) while a cell ran: do not linger as an orphan.
            os.killpg(0, signal.SIGKILL) if os.getpgrp() == os.getpid() else os._exit(1)
        try:
            _flush_all()
        except Exception:
            pass

threading.Thread(target=_flusher, name='glassbox-flusher', daemon=True).start()

_RAW_WRITERS = ('subprocess.Popen', 'os.system', 'os.fork', 'os.forkpty', 'os.exec', 'os.posix_spawn', 'os.spawn')

def _audit(event, args):
    # Anything about to write to fds 1/2 directly comes after what print() buffered so far.
    if event in _RAW_WRITERS and _current is not None:
        try:
            _flush_all()
        except Exception:
            pass

sys.addaudithook(_audit)

def _on_sigint(signum, frame):
    global _pending_interrupt
    if _executing:
        if _main_sending:
            _pending_interrupt = True
        else:
            raise KeyboardInterrupt
    # Outside user code (between cells, while sending a frame): ignore.

signal.signal(signal.SIGINT, _on_sigint)

_ns = {'__name__': '__main__', '__builtins__': builtins}
_cell = 0

def _format_error(e):
    te = traceback.TracebackException(type(e), e, e.__traceback__)
    # Drop the driver's own frames ('<glassbox>', and the '<string>' bootstrap of python -c).
    frames = [f for f in te.stack if f.filename != '<glassbox>']
    while frames and frames[0].filename == '<string>':
        frames.pop(0)
    te.stack = traceback.StackSummary.from_list(frames)
    return ''.join(te.format())

def _run(code):
    global _cell, _executing
    _cell += 1
    name = '<cell %d>' % _cell
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    value = None
    error = None
    interrupted = False
    try:
        tree = ast.parse(code, name, 'exec')
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        body = compile(tree, name, 'exec')
        tail = compile(last, name, 'eval') if last is not None else None
    except Exception as e:
        # The cell does not parse (SyntaxError, or ValueError for NUL bytes): the message and caret are the whole story (no driver frames).
        return None, ''.join(traceback.format_exception_only(type(e), e)), False
    global _pending_interrupt
    _pending_interrupt = False
    try:
        _executing = True
        try:
            exec(body, _ns)
            if tail is not None:
                result = eval(tail, _ns)
                if result is not None:
                    _ns['_'] = result
                    value = repr(result)
        finally:
            _executing = False
    except BaseException as e:
        _executing = False
        interrupted = isinstance(e, KeyboardInterrupt)
        try:
            error = _format_error(e)
        except BaseException as fe:
            error = '%s: %s (traceback unavailable: %r)' % (type(e).__name__, e, fe)
    return value, error, interrupted

def _main():
    global _current
    sys.stdout = _stdout
    sys.stderr = _stderr
    _send({'type': 'ready', 'version': sys.version.split()[0], 'pid': os.getpid()})
    while True:
        try:
            line = _chan_in.readline()
            if not line:
                return
            req = json.loads(line)
            _current = req['id']
            value, error, interrupted = _run(req.get('code', ''))
            _flush_all()
            try:
                sys.__stdout__.flush()
                sys.__stderr__.flush()
            except Exception:
                pass
            _send({'id': _current, 'type': 'done', 'value': value, 'error': error, 'interrupted': interrupted})
            _current = None
            # Restore the writers if user code replaced them.
            sys.stdout = _stdout
            sys.stderr = _stderr
        except KeyboardInterrupt:
            continue

_main()
`;

/** `python3 -c` program that runs the driver (passed as argv[1]) under the name `<glassbox>`. */
export const PYTHON_BOOTSTRAP = "import sys; exec(compile(sys.argv.pop(1), '<glassbox>', 'exec'))";
