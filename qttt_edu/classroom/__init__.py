"""The classroom: one server for the room's network, and the teacher's dashboard.

* :mod:`qttt_edu.classroom.cli`: ``qttt-edu classroom`` starts it all;
* :mod:`qttt_edu.classroom.dashboard`: every game of the class live;
* :mod:`qttt_edu.classroom.stats`: the class's games beside random play, and exports.
"""
