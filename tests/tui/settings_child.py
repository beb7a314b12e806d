"""A second app on the same settings file, in its own process: says ``ready`` once open, then
makes each ``key=value`` change read from standard input as the Settings screen does and says
``done``; it quits at the end of its input. argv: the settings file."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tui.app import DealMeInApp


async def main() -> None:
    app = DealMeInApp(config_path=Path(sys.argv[1]), bot_delay=0, mdns=False)
    loop = asyncio.get_running_loop()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print("ready", flush=True)
        for _ in range(10):  # a test asks for a few changes at most
            line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if not line:
                break
            key, value = line.split("=", 1)
            app.update_settings(**{key: value})
            await pilot.pause()
            print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
