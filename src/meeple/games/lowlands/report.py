"""placeholder"""


def simulation_report(states):
    return ""
