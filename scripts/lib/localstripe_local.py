"""Runs localstripe (a stateful fake of Stripe's API) on 127.0.0.1 only.

localstripe's own command binds every interface; tests and the demo need it on the
loopback address and a port of their choosing: `localstripe_local.py <port>`.
"""

import sys

from aiohttp import web
from localstripe.server import app, store


def main() -> None:
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: localstripe_local.py <port>")
    # Each server keeps its objects in memory only: localstripe's own pickle file is one
    # shared path, which servers running side by side would overwrite.
    store.dump_to_disk = lambda *args, **kwargs: None
    web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None,
                access_log=None)


if __name__ == "__main__":
    main()
