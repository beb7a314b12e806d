"""An app still starting, for the SSH tests of a session the server ends just as it opened:
it says ``starting`` and has drawn nothing, and SIGTERM keeps its default (it ends of it), as
the app's own does until its event loop runs."""
import os
import time

os.write(1, b"starting\r\n")
time.sleep(60)
