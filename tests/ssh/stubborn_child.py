"""A full-screen program that will not quit: for the SSH tests of a session the server ends.

It switches to the alternate screen, turns mouse reports on and hides the cursor, as a
full-screen app does, says ``stubborn ready``; on SIGTERM it only says ``got TERM`` and carries
on, so the server has to hang up on it and kill it (and put the terminal back for it).
"""
import os
import signal


def say(text: str) -> None:
    os.write(1, (text + "\r\n").encode())


os.write(1, b"\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25l")
signal.signal(signal.SIGTERM, lambda *_: say("got TERM"))
signal.signal(signal.SIGHUP, signal.SIG_IGN)
say("stubborn ready")
while True:
    try:
        if not os.read(0, 1024):
            break
    except InterruptedError:
        continue
    except OSError:
        break
